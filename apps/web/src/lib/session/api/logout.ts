import { sessionApi } from '@ess/contract';
import { call } from '../../api/client';
import { QUIET } from '../../api/quiet';

/** Revokes the token on the server; a failure (already expired) changes nothing for the user. */
export const logout = () => call(sessionApi.logout, undefined, QUIET).catch(() => null);
