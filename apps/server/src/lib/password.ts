import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { DEFAULT_MAX_WAIT_MS, PasswordGate, type PasswordGateLimits } from './password-gate';

/**
 * scrypt is memory-hard: 128·N·r bytes per hash (N=2^15, r=8: 32 MiB, 80–150 ms of one core on
 * this class of machine). N is the deployment's (PASSWORD_SCRYPT_N), chosen from the time a hash
 * takes on its CPU; a stored hash of other parameters is replaced at its next sign-in
 * (needsRehash), so raising N reaches every account that signs in.
 */
export const DEFAULT_SCRYPT_N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** Largest N accepted in a stored hash or the environment: 2^20 (1 GiB at r=8). */
export const MAX_SCRYPT_N = 1 << 20;

let hashN = DEFAULT_SCRYPT_N;

/** The N new hashes get (at start, from PASSWORD_SCRYPT_N). */
export function configurePasswordHash(n: number): void {
  hashN = n;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // Twice the memory the parameters need: node refuses a hash above maxmem.
  const maxmem = 2 * 128 * n * r * p;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Every hash and check of this process takes a turn at one gate (lib/password-gate.ts): a burst
 * of sign-ins then gets fast 503s instead of a queue of scrypt work nobody waits for.
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

async function hashNow(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = hashN;
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A stored hash made with other parameters than new hashes get: replaced after a good check. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`scrypt$${hashN}$${R}$${P}$`);
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

async function verifyNow(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  // A stored hash is data: parameters scrypt refuses, or beyond what this process would make,
  // are a failed check (not a thrown error, not a run).
  const [cost, block, lanes] = [Number(n), Number(r), Number(p)];
  const powerOfTwo = Number.isInteger(cost) && cost >= 2 && (cost & (cost - 1)) === 0;
  const bounded = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (!(powerOfTwo && cost <= MAX_SCRYPT_N && bounded(block, 32) && bounded(lanes, 16))) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), cost, block, lanes);
  return key.length === expected.length && timingSafeEqual(key, expected);
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
