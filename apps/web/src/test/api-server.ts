import {
  type Endpoint,
  type EndpointData,
  type EndpointParsed,
  FILE,
  inputPart,
  logApi,
  messageApi,
} from '@ess/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The platform's API as page tests see it: requests go through the real client (fetch, headers,
 * envelope, schema checks, spec 8 handling) to handlers keyed by the contract's endpoint table.
 * A call without a handler fails the test (onUnhandledRequest: 'error').
 */
export const apiServer = setupServer();

/**
 * Answers every test starts with (kept across resetHandlers): error reports, which any test whose
 * component throws inside an error boundary sends, and the message bell's unread poll, which
 * every test rendering the navbar makes (none unread unless a test answers otherwise).
 */
export function baselineHandlers() {
  return [
    answer(logApi.clientErrorAdd, null),
    answer(messageApi.receivedMessages, (q) => ({ total: 0, pageNum: q.pageNum, pageSize: q.pageSize, list: [] })),
  ];
}

/** What a handler answers: the envelope's `data`, or a failure envelope with its HTTP status. */
export type Reply<E extends Endpoint> = EndpointData<E> | { fail: { status: number; code: number; msg: string } };

const envelope = (data: unknown) => HttpResponse.json({ code: 200, msg: 'ok', data });

/** Answers calls of `endpoint`; `reply` may read the call's input (body, query or path parameters). */
export function answer<E extends Endpoint>(endpoint: E, reply: Reply<E> | ((input: EndpointParsed<E>) => Reply<E>)) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](`*/api${endpoint.path}`, async ({ request, params }) => {
    const part = inputPart(endpoint)?.part;
    const input =
      part === 'params'
        ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Number(v)]))
        : part === 'query'
          ? Object.fromEntries(new URL(request.url).searchParams)
          : part === 'body'
            ? await request.json()
            : undefined;
    const r = typeof reply === 'function' ? (reply as (i: unknown) => Reply<E>)(input) : reply;
    if (r && typeof r === 'object' && 'fail' in r) {
      const { status, code, msg } = r.fail;
      return HttpResponse.json({ code, msg, data: null }, { status });
    }
    if (endpoint.response === FILE) return new HttpResponse(String(r));
    return envelope(r);
  });
}

/** Every call made while the test ran, in order, as `METHOD /api/path`. */
export function recordCalls(): string[] {
  const calls: string[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return calls;
}
