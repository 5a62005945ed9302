import { workorderApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

export type ExecutorOption = { value: number; label: string };

/**
 * Posts and users a new order at the station may name as executors: the work-order call's own
 * list (users who see the station, enabled posts), so whoever may open an order can fill in its
 * executors without rights to the user or post administration. Empty until a station is chosen.
 */
export function useExecutorOptions(stationId: number | null): {
  posts: ExecutorOption[];
  users: ExecutorOption[];
  loading: boolean;
} {
  const candidates = useEndpoint(workorderApi.workorderOrderCandidates, stationId === null ? null : { stationId }, {
    staleTime: 60_000,
  });
  const option = (p: { id: number; name: string }) => ({ value: p.id, label: p.name });
  return {
    posts: (candidates.data?.posts ?? []).map(option),
    users: (candidates.data?.users ?? []).map(option),
    loading: candidates.isLoading,
  };
}
