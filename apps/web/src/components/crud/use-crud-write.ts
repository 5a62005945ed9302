import type { Endpoint, EndpointData, EndpointInput } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type CallArgs, call } from '@/lib/api/client';
import { refetchEndpoints } from '@/lib/api/endpoint-query';

/**
 * The writes of a declared list: any of its calls, then every cached answer of `invalidate` is
 * refetched. A function rather than one mutation hook per call, since a declaration's writes are
 * optional (hooks cannot be). Failures are toasted by the client (spec 8) and rethrown.
 */
export function useCrudWrite(invalidate: readonly Endpoint[]) {
  const qc = useQueryClient();
  /** Refetches what the list's writes change (after a page's own save too). */
  const refresh = () => refetchEndpoints(qc, invalidate);
  const write = async <E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointData<E>> => {
    const data = await call(endpoint, ...([input] as CallArgs<E>));
    await refresh();
    return data;
  };
  return { write, refresh };
}
