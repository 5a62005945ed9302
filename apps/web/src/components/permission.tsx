import type { ReactNode } from 'react';
import { usePermission } from '@/lib/session/permission';

type Props = {
  /** The element shows when the user holds at least one of these. */
  perms: readonly string[];
  children: ReactNode;
  /** Rendered instead when the user holds none (default: nothing). */
  fallback?: ReactNode;
};

/** Removes its children unless the user holds one of the listed permissions (spec 5 "permission directive"). */
export function Permission({ perms, children, fallback = null }: Props) {
  const can = usePermission();
  return <>{can(perms) ? children : fallback}</>;
}
