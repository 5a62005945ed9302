import { z } from 'zod';

const base64 = z
  .string()
  .trim()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

/**
 * Control actions (commands, plan curve delivery, sequential control) ask the user to re-enter
 * their password, sealed exactly as at sign-in (`password` is the sealed text, with its key and
 * iv), so a session left open on a control-room desk cannot move plant by itself.
 */
export const controlPassword = z.object({ password: base64, aesKey: base64, iv: base64 });
export type ControlPassword = z.infer<typeof controlPassword>;
