import { REQUEST_TIMEOUT_MS } from '@ess/contract';
import i18next from 'i18next';
import type { z } from 'zod';
import { currentLang } from '../i18n';
import { tokenStore } from '../storage';
import { ApiError } from './api-error';
import { notify } from './notifier';
import { type Answer, decideOutcome } from './outcome';

export type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates `data` of a successful answer: the contract's schema. */
  schema: S;
  /** Default 10 s; history data 600 s (spec 7). */
  timeoutMs?: number;
  /** No toast on failure: the caller shows the failure its own way. */
  silent?: boolean;
  /** Skip the session-expired handling (sign-in calls, the session probe). */
  noSessionHandling?: boolean;
};

let onSessionExpired: () => void = () => {};
/** The app decides what "log out and go to login" means (store reset + navigation). */
export const setSessionExpiredHandler = (fn: () => void): void => {
  onSessionExpired = fn;
};

// Several calls fail at once when a session ends; warn and redirect once.
let expiring = false;

function handleExpired(): void {
  if (expiring) return;
  expiring = true;
  notify.warning(i18next.t('session.expired'));
  tokenStore.clear();
  onSessionExpired();
  setTimeout(() => {
    expiring = false;
  }, 1000);
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Response | Answer> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: ctl.signal });
  } catch (e) {
    return (e as Error).name === 'AbortError' ? { type: 'timeout' } : { type: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** Calls `/api<path>` and resolves the envelope's `data`, or rejects with an ApiError after spec-8 handling. */
export async function request<S extends z.ZodType>(path: string, opts: RequestOptions<S>): Promise<z.infer<S>> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { lang: currentLang(), accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await send(
    `/api${path}`,
    { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
    opts.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );

  let answer: Answer;
  let data: unknown = null;
  if (res instanceof Response) {
    const body: unknown = await res.json().catch(() => null);
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'number') {
      const msg = 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
      answer = { type: 'envelope', status: res.status, code: body.code, msg };
      data = 'data' in body ? body.data : null;
    } else {
      answer = { type: 'http', status: res.status };
    }
  } else {
    answer = res;
  }

  const outcome = decideOutcome(answer, i18next.t('common.error'));
  if (outcome.kind === 'ok') {
    const parsed = opts.schema.safeParse(data);
    if (parsed.success) return parsed.data;
    if (!opts.silent) notify.error(i18next.t('common.badAnswer'));
    throw new ApiError(0, i18next.t('common.badAnswer'), 200, 'invalid');
  }
  const status = answer.type === 'envelope' || answer.type === 'http' ? answer.status : 0;
  const code = answer.type === 'envelope' ? answer.code : 0;
  const kind = answer.type === 'envelope' ? 'business' : answer.type;
  if (outcome.kind === 'expired' && !opts.noSessionHandling) handleExpired();
  else if (!opts.silent && outcome.kind === 'warning') notify.warning(outcome.text);
  else if (!opts.silent && outcome.kind === 'error') notify.error(outcome.text);
  const text = answer.type === 'envelope' && answer.msg ? answer.msg : i18next.t('common.error');
  throw new ApiError(code, text, status, kind);
}
