import { type ScreenFrom, sessionApi } from '@ess/contract';
import { call } from '../../api/client';
import { seal, withSealed } from './public-key';

/** The login page shows every failure in its own alert: no toast besides. */
const signIn = { noSessionHandling: true, silent: true };

/** Form sign-in: the user name is trimmed, the password sealed (spec 5 and 7). */
export async function login(username: string, password: string) {
  return withSealed(async () => {
    const sealed = await seal(password);
    return call(
      sessionApi.login,
      { username: username.trim(), password: sealed.cipher, type: 'pc', aesKey: sealed.aesKey, iv: sealed.iv },
      signIn,
    );
  });
}

/** Automatic sign-in with the built-in read-only screen account (`from=screen|new-screen|common-screen`). */
export const screenLogin = (from: ScreenFrom) => call(sessionApi.screenLogin, { from }, signIn);

/** Sign-in through a one-time large-screen token carried in the query. */
export const bigTokenLogin = (bigToken: string) => call(sessionApi.loginToCloud, { bigToken, type: 'pc' }, signIn);
