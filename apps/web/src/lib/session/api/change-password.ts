import { sessionApi } from '@ess/contract';
import { call } from '../../api/client';
import { seal, withSealed } from './public-key';

/** Both passwords travel sealed like the login password (spec 7). */
export async function changePassword(oldPwd: string, newPwd: string) {
  return withSealed(async () => {
    const [o, n] = [await seal(oldPwd), await seal(newPwd)];
    return call(sessionApi.changePassword, { oldPwd: o, newPwd: n });
  });
}
