import { loginResult, type ScreenFrom } from '@ess/contract';
import { request } from '../../api/client';
import { seal, withSealed } from './public-key';

/** Form sign-in: the user name is trimmed, the password sealed (spec 5 and 7). */
export async function login(username: string, password: string) {
  return withSealed(async () => {
    const sealed = await seal(password);
    return request('/sys/user/login', {
      body: { username: username.trim(), password: sealed.cipher, type: 'pc', aesKey: sealed.aesKey, iv: sealed.iv },
      schema: loginResult,
      noSessionHandling: true,
    });
  });
}

/** Automatic sign-in with the built-in read-only screen account (`from=screen|new-screen|common-screen`). */
export const screenLogin = (from: ScreenFrom) =>
  request('/sys/token/screenLogin', { body: { from }, schema: loginResult, noSessionHandling: true });

/** Sign-in through a one-time large-screen token carried in the query. */
export const bigTokenLogin = (bigToken: string) =>
  request('/sys/token/loginToCloud', { body: { bigToken, type: 'pc' }, schema: loginResult, noSessionHandling: true });
