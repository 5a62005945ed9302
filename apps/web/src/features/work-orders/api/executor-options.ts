import { endpointPerms, messageApi, orgApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { usePermission } from '@/lib/session/permission';

export type ExecutorOption = { value: number; label: string };

/**
 * Posts and users a new order may name as executors. The work-order contract has no call of its
 * own for them yet (an order's detail lists its candidates once it exists), so this reads the
 * shared lists the caller may read: every post, and the users of the caller's organisation.
 * The server checks each executor against the order's station.
 */
export function useExecutorOptions(): { posts: ExecutorOption[]; users: ExecutorOption[]; loading: boolean } {
  const can = usePermission();
  const posts = useEndpoint(orgApi.postOptions, can(endpointPerms(orgApi.postOptions)) ? {} : null, {
    staleTime: 60_000,
  });
  const users = useEndpoint(messageApi.recipientUsers, can(endpointPerms(messageApi.recipientUsers)) ? {} : null, {
    staleTime: 60_000,
  });
  return {
    posts: (posts.data ?? []).filter((p) => p.enabled).map((p) => ({ value: p.id, label: p.name })),
    users: (users.data ?? []).map((u) => ({ value: u.userId, label: u.realName ?? u.username })),
    loading: posts.isLoading || users.isLoading,
  };
}
