import type { ControlPassword } from '@ess/contract';
import { seal, withSealed } from './public-key';

/**
 * Runs a control call with the user's re-entered password sealed exactly as at sign-in
 * (`login`): the sealed text travels as `password`, with its wrapped key and nonce.
 */
export async function withControlPassword<T>(
  password: string,
  run: (sealed: ControlPassword) => Promise<T>,
): Promise<T> {
  return withSealed(async () => {
    const sealed = await seal(password);
    return run({ password: sealed.cipher, aesKey: sealed.aesKey, iv: sealed.iv });
  });
}
