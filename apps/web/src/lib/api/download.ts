import { HISTORY_TIMEOUT_MS } from '@ess/contract';
import i18next from 'i18next';
import { currentLang } from '../i18n';
import { tokenStore } from '../storage';
import { ApiError } from './api-error';
import { notify } from './notifier';
import { decideOutcome } from './outcome';

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
 * Export calls (spec 7 "Exports"): POST, the answer is a file (Excel, CSV, PDF) saved by the
 * browser, with progress while it arrives. A JSON answer is the envelope of a failure and is
 * shown like any other call's (spec 8), e.g. "export with no data found".
 */
export async function download(
  path: string,
  body: unknown,
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal },
): Promise<void> {
  const headers: Record<string, string> = { lang: currentLang(), 'content-type': 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), HISTORY_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => ctl.abort());
  try {
    const res = await fetch(`/api${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const env = (await res.json()) as { code?: number; msg?: string };
      const outcome = decideOutcome(
        { type: 'envelope', status: res.status, code: env.code ?? res.status, msg: env.msg ?? '' },
        i18next.t('messages.exportFailed'),
      );
      if (outcome.kind === 'warning') notify.warning(outcome.text);
      else if (outcome.kind === 'error' || outcome.kind === 'expired')
        notify.error(env.msg || i18next.t('messages.exportFailed'));
      throw new ApiError(env.code ?? res.status, env.msg ?? '', res.status, 'business');
    }
    if (!res.ok || !res.body) {
      notify.error(i18next.t('messages.exportFailed'));
      throw new ApiError(res.status, '', res.status, 'http');
    }
    const total = Number(res.headers.get('content-length')) || null;
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      opts.onProgress?.({ loaded, total });
    }
    const blob = new Blob(chunks as BlobPart[], { type });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileNameOf(res.headers.get('content-disposition'), opts.fallbackName);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    notify.error(i18next.t('messages.exportFailed'));
    throw new ApiError(0, i18next.t('messages.exportFailed'), 0, 'network');
  } finally {
    clearTimeout(timer);
  }
}
