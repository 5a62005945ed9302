import { type HomeConfigBody, homeConfig } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/client';
import { homeKeys } from './keys';

export const saveHomeConfig = (body: HomeConfigBody) =>
  request('/business/homeConfig/add', { body, schema: homeConfig });

export function useSaveHomeConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveHomeConfig,
    onSuccess: (saved) => qc.setQueryData(homeKeys.config(saved.stationId), saved),
  });
}
