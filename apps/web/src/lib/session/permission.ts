import { type Endpoint, endpointPerms } from '@ess/contract';
import { useCallback } from 'react';
import { useUserInfo } from './api/get-user-info';

/**
 * Element-level permission (spec 5/6): true when the user holds one of `perms`.
 * Throws unless `perms` is an array, like the original directive.
 */
export function holdsPermission(powerList: readonly string[], perms: unknown): boolean {
  if (!Array.isArray(perms)) {
    throw new TypeError(`permission check needs an array of permission strings, e.g. ['sys:user:add']`);
  }
  return perms.some((p) => typeof p === 'string' && powerList.includes(p));
}

/** `can(['sys:user:add'])` for the signed-in user; false while user info is loading. */
export function usePermission(): (perms: readonly string[]) => boolean {
  const { data } = useUserInfo();
  const powerList = data?.powerList;
  return useCallback((perms) => holdsPermission(powerList ?? [], perms), [powerList]);
}

/**
 * Whether the signed-in user may make this call: the permissions the server checks for it (none
 * for a call open to every session) and, in a large-screen window, whether a screen makes it.
 */
export function useMayCall(): (endpoint: Endpoint) => boolean {
  const { data: user } = useUserInfo();
  const can = usePermission();
  const screenOnly = user?.screenOnly === true;
  return useCallback(
    (endpoint) => {
      if (screenOnly && (endpoint.access.public || !endpoint.access.screen)) return false;
      const needed = endpointPerms(endpoint);
      return needed.length === 0 || can(needed);
    },
    [screenOnly, can],
  );
}
