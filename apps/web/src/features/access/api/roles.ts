import { type RoleRow, roleApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { call } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';
import type { RoleValues } from '../components/role-form';

/** What a role write changes besides the list. */
export const ROLE_WRITES = [roleApi.roleDetail] as const;

/** Menus, organisations and data scopes a role may be given. */
export const useRoleOptions = () => useEndpoint(roleApi.roleOptions, undefined);

/** A role's form values, read from its detail (the list rows carry no menus). */
export async function loadRole(role: RoleRow): Promise<Partial<RoleValues>> {
  const d = await call(roleApi.roleDetail, { id: role.id });
  return {
    code: d.code,
    name: d.name,
    description: d.description,
    enabled: d.enabled,
    dataScope: d.dataScope,
    menuIds: d.menuIds,
    orgIds: d.orgIds,
  };
}

/** Enables or disables a role. */
export const useRoleStatus = () =>
  useEndpointMutation(roleApi.roleStatus, { invalidate: [roleApi.rolePage, ...ROLE_WRITES] });
