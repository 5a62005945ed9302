import { CLIENT_ERROR_LIMITS, type ClientErrorKind, logApi } from '@ess/contract';
import { call } from '../api/client';
import { QUIET } from '../api/quiet';

/** At most this many reports a minute from one page, and one per distinct error per minute. */
const MAX_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

const sent: number[] = [];
const recent = new Map<string, number>();

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  if (typeof error === 'string') return { message: error, stack: null };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: null };
  } catch {
    return { message: String(error), stack: null };
  }
}

/**
 * Sends an error of this page to the server's client error log (spec 8). Never throws, never
 * reports its own failure, and drops repeats and floods (a render loop must not become a
 * request loop).
 */
export function reportClientError(kind: ClientErrorKind, error: unknown, extraStack?: string | null): void {
  try {
    const now = Date.now();
    const { message, stack } = describe(error);
    const key = `${kind}:${message}`;
    if ((recent.get(key) ?? 0) > now - WINDOW_MS) return;
    while (sent.length > 0 && (sent[0] ?? 0) <= now - WINDOW_MS) sent.shift();
    if (sent.length >= MAX_PER_MINUTE) return;
    sent.push(now);
    recent.set(key, now);
    const fullStack = [stack, extraStack].filter(Boolean).join('\n--- component stack ---');
    void call(
      logApi.clientErrorAdd,
      {
        kind,
        message: cut(message || 'Error', CLIENT_ERROR_LIMITS.message),
        stack: fullStack ? cut(fullStack, CLIENT_ERROR_LIMITS.stack) : null,
        url: cut(`${location.pathname}${location.search}`, CLIENT_ERROR_LIMITS.url),
        release: cut(__APP_VERSION__, CLIENT_ERROR_LIMITS.release),
      },
      QUIET,
    ).catch(() => undefined);
  } catch {
    // Reporting must never add an error of its own.
  }
}

/** For tests: forget what was sent, so each test starts with a fresh budget. */
export function resetClientErrorReporting(): void {
  sent.length = 0;
  recent.clear();
}
