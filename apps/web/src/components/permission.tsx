import type { Endpoint } from '@ess/contract';
import type { ReactNode } from 'react';
import { useMayCall, usePermission } from '@/lib/session/permission';

type Props = (
  | {
      /** The element shows when the user holds at least one of these. */
      perms: readonly string[];
      endpoint?: never;
    }
  | {
      /** The element shows when the user may make this call (its entry's `access.perms`). */
      endpoint: Endpoint;
      perms?: never;
    }
) & {
  children: ReactNode;
  /** Rendered instead when the user holds none (default: nothing). */
  fallback?: ReactNode;
};

/**
 * Removes its children unless the user holds one of the listed permissions (spec 5 "permission
 * directive"); given a call of the endpoint table, the permissions the server checks for it (and,
 * in a large-screen window, whether a screen makes that call).
 */
export function Permission({ perms, endpoint, children, fallback = null }: Props) {
  const can = usePermission();
  const mayCall = useMayCall();
  const allowed = endpoint ? mayCall(endpoint) : can(perms ?? []);
  return <>{allowed ? children : fallback}</>;
}
