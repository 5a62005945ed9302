import { type NotifyChainBody, type NotifyChannel, notifyApi } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** Chains, quiet hours, rate limits, channels and the recipients to choose from. */
export const useNotifyConfig = () => useEndpoint(notifyApi.notifyConfig, {});

/** A change to the settings: the configuration is read again. */
function useConfigChange<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => refetchEndpoints(qc, [notifyApi.notifyConfig]),
  });
}

export const useSaveChain = () => useConfigChange((b: NotifyChainBody) => call(notifyApi.notifyChainSave, b));

/** A test send; the log is read again, since it records the attempt. */
export function useTestSend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { userId: number; channel: NotifyChannel }) => call(notifyApi.notifyTestSend, b),
    onSuccess: () => refetchEndpoints(qc, [notifyApi.notifyLogPage]),
  });
}
