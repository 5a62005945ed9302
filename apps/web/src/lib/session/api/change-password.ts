import { z } from 'zod';
import { request } from '../../api/client';
import { seal, withSealed } from './public-key';

/** Both passwords travel sealed like the login password (spec 7). */
export async function changePassword(oldPwd: string, newPwd: string) {
  return withSealed(async () => {
    const [o, n] = [await seal(oldPwd), await seal(newPwd)];
    return request('/sys/user/pwd', { method: 'PUT', body: { oldPwd: o, newPwd: n }, schema: z.null() });
  });
}
