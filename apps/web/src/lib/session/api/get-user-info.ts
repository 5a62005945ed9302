import { userInfo } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { sessionKeys } from '../keys';

export const getUserInfo = () => request('/sys/user/get', { schema: userInfo, silent: true, noSessionHandling: true });

export const userInfoQuery = () =>
  queryOptions({ queryKey: sessionKeys.user(), queryFn: getUserInfo, staleTime: Number.POSITIVE_INFINITY });

export const useUserInfo = () => useQuery(userInfoQuery());
