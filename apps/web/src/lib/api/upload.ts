import { type Endpoint, type EndpointData, endpointPath, FILE, REQUEST_TIMEOUT_MS } from '@ess/contract';
import i18next from 'i18next';
import type { z } from 'zod';
import { currentLang } from '../i18n';
import { tokenStore } from '../storage';
import { ApiError } from './api-error';
import { type CallOptions, failure } from './client';
import type { Answer } from './outcome';

export type UploadProgress = { loaded: number; total: number };

/**
 * An upload call of the endpoint table (`upload` entries): the text fields first, then the
 * file, as multipart/form-data over XMLHttpRequest so the browser reports progress (fetch does
 * not for request bodies). Failures get the same handling as `call`'s (spec 8).
 */
export function upload<E extends Endpoint & { upload: z.ZodType }>(
  endpoint: E,
  fields: z.input<E['upload']>,
  file: Blob & { name?: string },
  opts: CallOptions & { onProgress?: (p: UploadProgress) => void } = {},
): Promise<EndpointData<E>> {
  const fallback = i18next.t('common.error');
  const form = new FormData();
  for (const [k, v] of Object.entries(fields as Record<string, unknown>)) {
    if (v !== undefined && v !== null) form.append(k, String(v));
  }
  form.append('file', file, file.name ?? 'file');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, new URL(`/api${endpointPath(endpoint)}`, location.href).href);
    xhr.timeout = opts.timeoutMs ?? endpoint.timeoutMs ?? REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('lang', currentLang());
    xhr.setRequestHeader('accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) =>
      opts.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    const fail = (answer: Answer) => reject(failure(answer, opts, fallback));
    xhr.onerror = () => fail({ type: 'network' });
    xhr.ontimeout = () => fail({ type: 'timeout' });
    xhr.onabort = () => fail({ type: 'network' });
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not an envelope (a proxy's page): judged by its status below.
      }
      if (!body || typeof body !== 'object' || !('code' in body) || typeof body.code !== 'number') {
        fail({ type: 'http', status: xhr.status });
        return;
      }
      const msg = 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
      if (body.code !== 200) {
        fail({ type: 'envelope', status: xhr.status, code: body.code, msg });
        return;
      }
      const parsed = endpoint.response === FILE ? null : endpoint.response.safeParse('data' in body ? body.data : null);
      if (parsed?.success) resolve(parsed.data as EndpointData<E>);
      else reject(new ApiError(0, i18next.t('common.badAnswer'), 200, 'invalid'));
    };
    xhr.send(form);
  });
}
