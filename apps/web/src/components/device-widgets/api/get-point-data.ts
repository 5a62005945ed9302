import { type Lang, pointData } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '@/lib/api/client';
import { deviceWidgetKeys } from './keys';

/** Every point of a device with its newest stored value; the live socket updates it afterwards. */
export const getPointData = (deviceId: number) =>
  request('/business/point/pointDataShowList', { body: { deviceId }, schema: z.array(pointData) });

export const pointDataQuery = (deviceId: number, lang: Lang) =>
  queryOptions({ queryKey: deviceWidgetKeys.pointData(deviceId, lang), queryFn: () => getPointData(deviceId) });

export const usePointData = (deviceId: number | null, lang: Lang) =>
  useQuery({ ...pointDataQuery(deviceId ?? 0, lang), enabled: deviceId !== null });
