import {
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  endpointPath,
  FILE,
  inputPart,
  REQUEST_TIMEOUT_MS,
} from '@ess/contract';
import i18next from 'i18next';
import { currentLang } from '../i18n';
import { tokenStore } from '../storage';
import { ApiError } from './api-error';
import { notify } from './notifier';
import { type Answer, decideOutcome } from './outcome';

export type CallOptions = {
  /** No toast on failure: the caller shows the failure its own way. */
  silent?: boolean;
  /** Skip the session-expired handling (sign-in calls, the session probe, prefetches). */
  noSessionHandling?: boolean;
  /** Overrides the entry's timeout. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** The arguments after the entry: its input (left out when it has none), then options. */
export type CallArgs<E extends Endpoint> =
  EndpointInput<E> extends undefined
    ? [input?: undefined, opts?: CallOptions]
    : [input: EndpointInput<E>, opts?: CallOptions];

let onSessionExpired: () => void = () => {};
/** The app decides what "log out and go to login" means (store reset + navigation). */
export const setSessionExpiredHandler = (fn: () => void): void => {
  onSessionExpired = fn;
};

// Several calls fail at once when a session ends; warn and redirect once.
let expiring = false;

/**
 * What an ended session does (an answer 401001/401002, or the live socket closed 4002/4003):
 * one warning, the token forgotten, the login page.
 */
export function handleExpired(): void {
  if (expiring) return;
  expiring = true;
  notify.warning(i18next.t('session.expired'));
  tokenStore.clear();
  onSessionExpired();
  setTimeout(() => {
    expiring = false;
  }, 1000);
}

/** URL and init of a call to `endpoint` with `input` in its one input part. */
function requestOf(endpoint: Endpoint, input: unknown): { url: string; init: RequestInit } {
  const part = inputPart(endpoint)?.part;
  const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  // Absolute, so the same code runs in the browser and under a test's request handlers.
  let url = new URL(`/api${endpointPath(endpoint, part === 'params' ? fields : undefined)}`, location.href).href;
  if (part === 'query') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) q.set(k, String(v));
    if (q.size > 0) url += `?${q}`;
  }
  const headers: Record<string, string> = { lang: currentLang(), accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (part === 'body') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  }
  return { url, init: { method: endpoint.method, headers, body } };
}

async function send(endpoint: Endpoint, input: unknown, opts: CallOptions): Promise<Response | Answer> {
  const { url, init } = requestOf(endpoint, input);
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? endpoint.timeoutMs ?? REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => ctl.abort());
  try {
    return await fetch(url, { ...init, signal: ctl.signal });
  } catch (e) {
    return (e as Error).name === 'AbortError' ? { type: 'timeout' } : { type: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** Retry-After in whole seconds (the server sends seconds, not a date), else null. */
function retryAfterOf(res: Response): number | null {
  const v = res.headers.get('retry-after');
  return v !== null && /^\d{1,4}$/.test(v.trim()) ? Number(v) : null;
}

/** The envelope of a response (data and answer), or the HTTP status when there is none. */
async function readEnvelope(res: Response): Promise<{ answer: Answer; data: unknown }> {
  const body: unknown = await res.json().catch(() => null);
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'number') {
    const msg = 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
    return {
      answer: { type: 'envelope', status: res.status, code: body.code, msg, retryAfterS: retryAfterOf(res) },
      data: 'data' in body ? body.data : null,
    };
  }
  return { answer: { type: 'http', status: res.status }, data: null };
}

/** Spec 8's reaction to a failed answer (sign-out, warning, toast or silence), then the error to throw. */
export function failure(answer: Answer, opts: CallOptions, fallback: string): ApiError {
  const outcome = decideOutcome(answer, fallback);
  const status = answer.type === 'envelope' || answer.type === 'http' ? answer.status : 0;
  const code = answer.type === 'envelope' ? answer.code : 0;
  const kind = answer.type === 'envelope' ? 'business' : answer.type;
  if (outcome.kind === 'expired' && !opts.noSessionHandling) handleExpired();
  else if (!opts.silent && outcome.kind === 'warning') notify.warning(outcome.text);
  else if (!opts.silent && outcome.kind === 'error') notify.error(outcome.text);
  const text = answer.type === 'envelope' && answer.msg ? answer.msg : fallback;
  return new ApiError(code, text, status, kind, answer.type === 'envelope' ? (answer.retryAfterS ?? null) : null);
}

/**
 * Makes one call of the contract's endpoint table and resolves the envelope's `data`, checked
 * with the entry's schema; rejects with an ApiError after the spec 8 handling.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input, opts = {}]: CallArgs<E>
): Promise<EndpointData<E>> {
  const res = await send(endpoint, input, opts);
  const fallback = i18next.t('common.error');
  if (!(res instanceof Response)) throw failure(res, opts, fallback);
  const { answer, data } = await readEnvelope(res);
  if (answer.type !== 'envelope' || decideOutcome(answer, fallback).kind !== 'ok') {
    throw failure(answer, opts, fallback);
  }
  if (endpoint.response === FILE) throw new ApiError(0, i18next.t('common.badAnswer'), 200, 'invalid');
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data as EndpointData<E>;
  if (!opts.silent) notify.error(i18next.t('common.badAnswer'));
  throw new ApiError(0, i18next.t('common.badAnswer'), 200, 'invalid');
}

/**
 * A call answering a stored file (a station logo) as a Blob, for showing rather than saving. A
 * JSON answer is an envelope and gets the same handling as any call's (`silent` for "none yet").
 */
export async function fetchFile<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  opts: CallOptions = {},
): Promise<Blob> {
  const fallback = i18next.t('common.error');
  return (await fileResponse(endpoint, input, opts, (answer) => failure(answer, opts, fallback))).blob();
}

/** The answer of a call whose success is a file; anything else is thrown as `failed` makes it. */
async function fileResponse<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  opts: CallOptions,
  failed: (answer: Answer) => ApiError,
): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const res = await send(endpoint, input, opts);
  if (!(res instanceof Response)) throw failed(res);
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    throw failed((await readEnvelope(res)).answer);
  }
  if (!res.ok || !res.body) throw failed({ type: 'http', status: res.status });
  return res as Response & { body: ReadableStream<Uint8Array> };
}

export type DownloadProgress = { loaded: number; total: number | null };

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * A download call (spec 7 "Exports": the answer is a file saved by the browser), with progress
 * while it arrives. A JSON answer is an envelope and gets the same handling as any call's
 * (an expired session signs out; "export with no data found" is a warning).
 */
export async function download<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  opts: CallOptions & { fallbackName: string; onProgress?: (p: DownloadProgress) => void },
): Promise<void> {
  const fallback = i18next.t('messages.exportFailed');
  const failed = (answer: Answer): ApiError => {
    // A download is something the user asked for: what calls keep silent (timeout, 500) is said.
    if (!opts.silent && decideOutcome(answer, fallback).kind === 'silent') notify.error(fallback);
    return failure(answer, opts, fallback);
  };
  const res = await fileResponse(endpoint, input, opts, failed);
  const total = Number(res.headers.get('content-length')) || null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      opts.onProgress?.({ loaded, total });
    }
  } catch {
    throw failed({ type: 'network' });
  }
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? '' });
  saveFile(blob, fileNameOf(res.headers.get('content-disposition'), opts.fallbackName));
}

/** Hands a file made or fetched in the page to the browser's downloads. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
