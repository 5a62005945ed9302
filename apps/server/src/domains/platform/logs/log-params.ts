import { OPERATION_LOG_PARAMS_MAX } from '@ess/contract';

/**
 * Keys whose values never reach the log: passwords and their sealed forms (password, pwd,
 * oldPwd, newPwd, cipher), keys and nonces (aesKey, iv, any …key), secrets and tokens.
 */
export const SECRET_KEY = /pass|pwd|secret|token|cipher|key$|^iv$/i;
export const REDACTED = '***';

const MAX_TEXT = 200;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => scrub(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…(+${value.length - MAX_ITEMS})`] : items;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : scrub(v, depth + 1)]),
  );
}

/**
 * A call's input as the log keeps it: JSON with every secret replaced (at any depth), long
 * texts and lists shortened, at most OPERATION_LOG_PARAMS_MAX characters. Null when the call
 * had no input.
 */
export function logParams(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  if (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0) return null;
  let text: string;
  try {
    text = JSON.stringify(scrub(input, 0)) ?? 'null';
  } catch {
    return null;
  }
  return text.length > OPERATION_LOG_PARAMS_MAX ? `${text.slice(0, OPERATION_LOG_PARAMS_MAX - 1)}…` : text;
}
