import type { Endpoint, EndpointData, EndpointInput } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallArgs, call } from '@/lib/api/client';
import { refetchEndpoints } from '@/lib/api/endpoint-query';

/**
 * One write call as a mutation; on success every cached answer of `invalidate` (the lists and
 * details the write changes) is refetched. Failures are toasted by the client (spec 8).
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, opts: { invalidate?: readonly Endpoint[] } = {}) {
  const qc = useQueryClient();
  return useMutation<EndpointData<E>, Error, EndpointInput<E>>({
    mutationFn: (input) => call(endpoint, ...([input] as CallArgs<E>)),
    onSuccess: () => refetchEndpoints(qc, opts.invalidate ?? []),
  });
}
