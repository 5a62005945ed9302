import { type Lang, pointInfo } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { deviceWidgetKeys } from './keys';

/** A device's point definitions with the labels of its state values. */
export const getPointList = (deviceId: number) =>
  request('/business/point/pointList', { body: { deviceId }, schema: z.array(pointInfo) });

export const pointListQuery = (deviceId: number, lang: Lang) =>
  queryOptions({
    queryKey: deviceWidgetKeys.points(deviceId, lang),
    queryFn: () => getPointList(deviceId),
    staleTime: 300_000,
  });

export const usePointList = (deviceId: number | null, lang: Lang) =>
  useQuery({ ...pointListQuery(deviceId ?? 0, lang), enabled: deviceId !== null });
