import {
  EPOCH_MS_MAX,
  EPOCH_MS_MIN,
  endpointPath,
  endpoints,
  inputPart,
  SEED_ROLES,
  type TimeShape,
  timeFields,
} from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from './test/harness';
import { sampleInput } from './test/sample-input';

/**
 * Every operation of the OpenAPI document, called by every seeded role and by nobody, with
 * malformed input: the answer is always the envelope with a client status, never a 500.
 */
let ctx: TestContext;
type Operation = {
  method: string;
  path: string;
  /** String properties of the JSON body schema, and names of query parameters. */
  bodyStrings: string[] | null;
  query: string[];
};
let operations: Operation[];
const tokens = new Map<string, string | null>();

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_PER_MINUTE: '100000' });
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const props = Object.entries(schema?.properties ?? {});
      return {
        method: method.toUpperCase(),
        path,
        bodyStrings: schema ? props.filter(([, p]) => p.type === 'string').map(([k]) => k) : null,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      };
    }),
  );
  tokens.set('anonymous', null);
  for (const role of SEED_ROLES) tokens.set(role, await login(ctx.app, role === 'admin' ? 'admin' : role));
});
afterAll(() => ctx?.close());

type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
  parameters?: { in: string; name: string }[];
};

const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', "1'--"];
const BAD_BODIES: { payload: string; type: string }[] = [
  { payload: '{"broken": ', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '42', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  {
    payload: '{"stationId":"abc","username":7,"password":[],"aesKey":{},"iv":true,"theme":1,"oldPwd":"x"}',
    type: 'application/json',
  },
  { payload: `{"stationId":1e309,"from":"nowhere","bigToken":"${'x'.repeat(300)}"}`, type: 'application/json' },
  { payload: 'username=admin', type: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', type: 'text/xml' },
];

/** Times past the platform's range, past what a Date or PostgreSQL holds, and no real day or clock time. */
const EXTREME_TIMES: Record<TimeShape, unknown[]> = {
  epochMs: [
    8_640_000_000_000_000,
    -8_640_000_000_000_001,
    8_640_000_000_000_001,
    EPOCH_MS_MAX + 1,
    EPOCH_MS_MIN - 1,
    0,
  ],
  localDate: ['+275760-09-13', '275760-09-13', '9999-12-31', '1970-01-01', '2023-02-29', '2024-00-10'],
  localMonth: ['1999-12', '2200-01', '2025-13', '2025-1', '+275760-09'],
  clockTime: ['24:01', '99:99', '-1:00'],
};

/** `input` with `value` at `path` (an array's element made when the sample has none). */
function withValue(input: unknown, path: (string | number)[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (typeof key === 'number') {
    const list = Array.isArray(input) ? [...input] : [];
    list[key] = withValue(list[key] ?? {}, rest, value);
    return list;
  }
  const obj = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  return { ...obj, [key]: withValue(obj[key], rest, value) };
}

/** Broken JSON and a body of wrong types: what the guard-refused callers are sent. */
const SAMPLE_BODIES = [BAD_BODIES[0], BAD_BODIES[5]].filter((b) => b !== undefined);

function urlsFor(path: string): string[] {
  if (!path.includes('{')) return [path];
  return BAD_IDS.map((id) => path.replace(/\{[^}]+\}/g, encodeURIComponent(id)));
}

describe('malformed requests to every operation', () => {
  it('finds the operations of the document', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('answer with the envelope and a 4xx status for every role, never a 500', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      // Logging out would end the session the next calls use; it has its own tests.
      if (op.path.endsWith('/logout')) continue;
      for (const [who, token] of tokens) {
        const headers: Record<string, string> = { lang: 'en_US' };
        if (token) headers.authorization = `Bearer ${token}`;
        // Admin passes every guard, so the handlers see every malformed input; the other callers
        // are mostly refused by the guard, so a sample of the inputs covers their paths.
        const full = who === 'admin';
        const urls = full ? urlsFor(op.path) : urlsFor(op.path).slice(0, 2);
        for (const url of urls) {
          const cases = op.method === 'GET' ? [null] : full ? BAD_BODIES : SAMPLE_BODIES;
          for (const body of cases) {
            const res = await ctx.app.inject({
              method: op.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
              url,
              headers: body ? { ...headers, 'content-type': body.type } : headers,
              ...(body ? { payload: body.payload } : {}),
            });
            const where = `${who} ${op.method} ${url} ${body?.payload.slice(0, 30) ?? ''}`;
            if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            // Documentation pages answer HTML; everything under the API answers the envelope.
            if (url.startsWith('/api/docs')) continue;
            const json = (() => {
              try {
                return res.json() as Record<string, unknown>;
              } catch {
                return null;
              }
            })();
            if (!json || typeof json.code !== 'number' || typeof json.msg !== 'string' || !('data' in json)) {
              failures.push(`${where} → not an envelope: ${res.body.slice(0, 120)}`);
            } else if (res.statusCode !== 200 && (json.msg as string).includes('    at ')) {
              failures.push(`${where} → stack trace in msg`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuse NUL and unpaired surrogates in any text field of any operation with a localized 400', async () => {
    const token = tokens.get('admin') ?? '';
    const failures: string[] = [];
    let tried = 0;
    for (const op of operations) {
      if (op.path.startsWith('/api/docs') || op.path.endsWith('/logout')) continue;
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const bad = ['a\u0000b', '\ud800', 'x\udc00'];
      const requests: { url: string; payload?: string }[] = [];
      if (op.bodyStrings) {
        // Every string field at once, and one unknown key: the whole body is checked.
        const fields = op.bodyStrings.length > 0 ? op.bodyStrings : ['name'];
        for (const b of bad)
          requests.push({ url, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, b]))) });
        requests.push({ url, payload: JSON.stringify({ 'k\u0000': 1 }) });
      }
      for (const q of op.query) requests.push({ url: `${url}?${q}=%00` }, { url: `${url}?${q}=%ED%A0%80` });
      for (const r of requests) {
        tried++;
        const res = await ctx.app.inject({
          method: op.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: r.url,
          headers: { lang: 'en_US', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(r.payload === undefined ? {} : { payload: r.payload }),
          // Some calls are limited per address (sign-in, error reports): each request its own.
          remoteAddress: `10.${(tried >> 16) & 255}.${(tried >> 8) & 255}.${tried & 255}`,
        });
        const body = res.json() as { code: number; msg: string };
        // %ED%A0%80 (a surrogate in UTF-8) is no valid UTF-8: it decodes to U+FFFD and is then ordinary text.
        const replaced = r.url.includes('%ED%A0%80');
        if (res.statusCode >= 500 || (!replaced && (res.statusCode !== 400 || !body.msg.includes('not allowed')))) {
          failures.push(`${op.method} ${r.url} ${r.payload ?? ''} → ${res.statusCode} ${body.msg}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses extreme times in every time field of every call with a 400 naming the field', async () => {
    const token = tokens.get('admin') ?? '';
    const failures: string[] = [];
    let tried = 0;
    for (const [name, e] of Object.entries(endpoints)) {
      const part = inputPart(e);
      if (!part || part.part === 'params') continue;
      for (const field of timeFields(part.schema)) {
        const at = field.path.join('.');
        for (const bad of EXTREME_TIMES[field.shape ?? 'epochMs']) {
          tried++;
          const input = withValue(sampleInput(part.schema), field.path, bad);
          const query = part.part === 'query' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
          const res = await ctx.app.inject({
            method: e.method,
            url: `/api${endpointPath(e, {})}${query}`,
            headers: { lang: 'en_US', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            ...(part.part === 'body' ? { payload: JSON.stringify(input) } : {}),
          });
          const body = res.json() as { code: number; msg: string };
          if (res.statusCode !== 400 || body.code !== 400 || !body.msg.includes(`${at}: `)) {
            failures.push(`${name} ${at}=${JSON.stringify(bad)} → ${res.statusCode} ${body.msg}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses bodies over the limit with 413 and a localized message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      headers: { 'content-type': 'application/json', lang: 'es_ES' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: 'Cuerpo de la solicitud demasiado grande', data: null });
  });
});
