import { type NotifyChainBody, type NotifyChannel, type NotifyLogPageBody, notifyApi } from '@ess/contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { endpointKeyPrefix, useEndpoint } from '@/lib/api/endpoint-query';

/** Chains, quiet hours, rate limits, channels and the recipients to choose from. */
export const useNotifyConfig = () => useEndpoint(notifyApi.notifyConfig, {});

/** A page of the notification log; the table keeps the previous page while the next loads. */
export const useNotifyLog = (q: NotifyLogPageBody) =>
  useEndpoint(notifyApi.notifyLogPage, q, { placeholderData: keepPreviousData });

/** A change to the settings: the configuration is read again. */
function useConfigChange<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKeyPrefix(notifyApi.notifyConfig) }),
  });
}

export const useSaveChain = () => useConfigChange((b: NotifyChainBody) => call(notifyApi.notifyChainSave, b));

/** A test send; the log is read again, since it records the attempt. */
export function useTestSend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { userId: number; channel: NotifyChannel }) => call(notifyApi.notifyTestSend, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKeyPrefix(notifyApi.notifyLogPage) }),
  });
}
