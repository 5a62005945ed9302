import { type SysUserRow, userAdminApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { seal, withSealed } from '@/lib/session/api/public-key';
import type { UserValues } from '../components/user-form';

/** What a user write changes besides the list. */
export const USER_WRITES = [userAdminApi.userDetail] as const;
const after = { invalidate: [userAdminApi.userPage, ...USER_WRITES] };

/** Organisations, posts, roles and stations a user may be given. */
export const useUserOptions = () => useEndpoint(userAdminApi.userOptions, undefined);

/** Adds (the password travels sealed) or updates a user. */
export function useSaveUser() {
  const add = useEndpointMutation(userAdminApi.userAdd, after);
  const update = useEndpointMutation(userAdminApi.userUpdate, after);
  return async (v: UserValues, user: SysUserRow | null) => {
    const { username, password, ...fields } = v;
    const body = { ...fields, stationIds: fields.stationIds ?? [] };
    if (user) return update.mutateAsync({ ...body, id: user.id });
    return withSealed(async () => add.mutateAsync({ ...body, username, password: await seal(password) }));
  };
}

/** Enables or disables a user. */
export const useUserStatus = () => useEndpointMutation(userAdminApi.userStatus, after);

/** Sets a user's password (sealed). */
export function useResetPassword() {
  const reset = useEndpointMutation(userAdminApi.userResetPwd, after);
  return (id: number, password: string) =>
    withSealed(async () => reset.mutateAsync({ id, password: await seal(password) }));
}
