import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { DEFAULT_MAX_WAIT_MS, PasswordGate, type PasswordGateLimits } from './password-gate';

/**
 * New password hashes are Argon2id (OWASP's first choice for password storage) at a memory and a
 * number of passes the deployment sets (PASSWORD_ARGON2_MEMORY_KIB, PASSWORD_ARGON2_PASSES), at
 * least one of OWASP's equivalent minimums (m·t ≥ 35 MiB: 46 MiB × 1 … 7 MiB × 5). Default
 * OWASP's 19 MiB × 2: ~23 ms of a core on a 2 vCPU EPYC, where scrypt at N=2^15 took 155–183 ms
 * (docs/performance.md "Argon2id at a shift change"); 46 MiB × 1 falls out of that CPU's cache
 * and takes 170 ms. Hashes
 * stored by earlier versions (scrypt) still verify with their own parameters and are replaced by
 * the current kind at the next good sign-in (needsRehash).
 */
export type Argon2Cost = { memoryKib: number; passes: number };

export const DEFAULT_ARGON2: Argon2Cost = { memoryKib: 19456, passes: 2 };
/** OWASP's floor as memory × passes (7 MiB × 5). */
export const MIN_ARGON2_WORK_KIB = 7168 * 5;
/** The most a stored hash may ask for: 1 GiB, 10 passes, 8 lanes (a stored hash is data). */
export const MAX_ARGON2_MEMORY_KIB = 1 << 20;
const MAX_ARGON2_PASSES = 10;
const MAX_ARGON2_LANES = 8;
/** Largest N accepted in a stored scrypt hash: 2^20 (1 GiB at r=8). */
const MAX_SCRYPT_N = 1 << 20;

let cost: Argon2Cost = DEFAULT_ARGON2;

/** The cost new hashes get (at start, from the environment). */
export function configurePasswordHash(c: Argon2Cost): void {
  cost = c;
}

/**
 * Every hash and check of this process takes a turn at one gate (lib/password-gate.ts): a burst
 * of sign-ins then gets fast 503s instead of a queue of hashing nobody waits for.
 */
let gate = new PasswordGate(passwordGateLimits({}));

/**
 * The gate's limits from PASSWORD_HASH_CONCURRENCY and PASSWORD_QUEUE_MAX. Default concurrency:
 * one CPU fewer than the machine has (at least one): a burst of sign-ins at a shift change then
 * leaves a core to the event loop and the database, and the calls of those already signed in
 * keep their answer times (issue 26).
 */
export function passwordGateLimits(env: {
  PASSWORD_HASH_CONCURRENCY?: number;
  PASSWORD_QUEUE_MAX?: number;
}): PasswordGateLimits {
  return {
    concurrency: Math.max(1, env.PASSWORD_HASH_CONCURRENCY ?? availableParallelism() - 1),
    queueMax: env.PASSWORD_QUEUE_MAX ?? 200,
    maxWaitMs: DEFAULT_MAX_WAIT_MS,
  };
}

/** Replaces the process's gate (at start, from the environment); returns the new one. */
export function configurePasswordGate(limits: PasswordGateLimits): PasswordGate {
  gate = new PasswordGate(limits);
  return gate;
}

export const passwordGate = (): PasswordGate => gate;

/** `signal`: the request went away; a caller still waiting for a turn is dropped unhashed. */
export function hashPassword(password: string, signal?: AbortSignal): Promise<string> {
  return gate.run(() => hashNow(password), signal);
}

function hashNow(password: string): Promise<string> {
  // argon2 hashes on libuv's thread pool: the event loop goes on meanwhile.
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.passes,
    parallelism: 1,
    salt: randomBytes(16),
  });
}

/** The parameters of a PHC string's third field (`m=…,t=…,p=…`), by name. */
function phcParams(field: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const pair of (field ?? '').split(',')) {
    const [k, v] = pair.split('=');
    if (k && v && /^\d+$/.test(v)) out.set(k, Number(v));
  }
  return out;
}

/** A stored hash of another kind or cost than new hashes get: replaced after a good check. */
export function needsRehash(stored: string): boolean {
  const [, alg, version, params] = stored.split('$');
  if (alg !== 'argon2id' || version !== 'v=19') return true;
  const p = phcParams(params);
  return p.get('m') !== cost.memoryKib || p.get('t') !== cost.passes || p.get('p') !== 1;
}

/**
 * Checks `password` against `stored`; against a dummy hash when `stored` is null (no such
 * user), at the same cost and through the same gate, so neither timing nor a 503 tells.
 * Called only by the password guard (LoginGuard.checkPassword), which counts the attempts:
 * domains/access/auth/password-guard.test.ts fails if another module calls it.
 */
export function verifyPassword(password: string, stored: string | null, signal?: AbortSignal): Promise<boolean> {
  return gate.run(async () => {
    const ok = await verifyNow(password, stored ?? (await dummyHash()));
    return ok && stored !== null;
  }, signal);
}

/**
 * A stored hash is data: a kind it is not, parameters its algorithm refuses, or a cost beyond
 * what this process would make are a failed check (not a thrown error, not a run).
 */
function verifyNow(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) return verifyArgon2(password, stored);
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return Promise.resolve(false);
}

async function verifyArgon2(password: string, stored: string): Promise<boolean> {
  const p = phcParams(stored.split('$')[3]);
  const [m = 0, t = 0, lanes = 0] = [p.get('m'), p.get('t'), p.get('p')];
  if (m < 8 * lanes || m > MAX_ARGON2_MEMORY_KIB || t < 1 || t > MAX_ARGON2_PASSES) return false;
  if (lanes < 1 || lanes > MAX_ARGON2_LANES) return false;
  return argon2.verify(stored, password).catch(() => false);
}

function deriveScrypt(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  keylen: number,
): Promise<Buffer> {
  // Twice the memory the parameters need: node refuses a hash above maxmem.
  const maxmem = 2 * 128 * n * r * p;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, { N: n, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$key`, as earlier versions stored (replaced at the next good sign-in). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!n || !r || !p || !salt || !hash) return false;
  const [cost, block, lanes] = [Number(n), Number(r), Number(p)];
  const powerOfTwo = Number.isInteger(cost) && cost >= 2 && (cost & (cost - 1)) === 0;
  const bounded = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (!(powerOfTwo && cost <= MAX_SCRYPT_N && bounded(block, 32) && bounded(lanes, 16))) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length < 16 || expected.length > 64) return false;
  const key = await deriveScrypt(password, Buffer.from(salt, 'base64'), cost, block, lanes, expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash to verify against when the user does not exist (made once, inside a turn). */
let dummy: Promise<string> | undefined;
const dummyHash = (): Promise<string> => {
  dummy ??= hashNow(randomBytes(12).toString('hex'));
  return dummy;
};

/** A readable random password for first-start accounts (printed once). */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(14);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
