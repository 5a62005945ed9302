import { z } from 'zod';
import { request } from '../../api/client';

/** Revokes the token on the server; a failure (already expired) changes nothing for the user. */
export const logout = () =>
  request('/sys/user/logout', { schema: z.null(), silent: true, noSessionHandling: true }).catch(() => null);
