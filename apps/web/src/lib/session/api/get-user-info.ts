import { sessionApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query';
import { QUIET } from '../../api/quiet';

/**
 * Who is signed in (not localized: a language switch keeps it). Its failure is reported by
 * the session guard, which resets the token.
 */
export const userInfoQuery = () => ({
  ...endpointQuery(sessionApi.userInfo, undefined, null, QUIET),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useUserInfo = () => useQuery(userInfoQuery());
