import Fastify from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './response-serializer';

const answer = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string().nullable(),
  kind: z.enum(['pcs', 'bms']),
  data: z.array(z.tuple([z.number(), z.number()])),
  when: z.discriminatedUnion('at', [
    z.object({ at: z.literal('now') }),
    z.object({ at: z.literal('then'), ts: z.number() }),
  ]),
  tags: z.record(z.string(), z.number()).optional(),
});

let apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

/** An app with one route answering `body` through the compiled serializer. */
async function serve(body: unknown, verify: boolean) {
  const app = Fastify();
  apps.push(app);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify }));
  app.setErrorHandler((err, _req, reply) =>
    reply.status(500).send({ serialisation: isResponseSerializationError(err), message: String(err) }),
  );
  app.get('/x', { schema: { response: { 200: answer } } }, async () => body);
  return app.inject({ method: 'GET', url: '/x' });
}

const row = {
  id: 7,
  name: 'PCS "1"\n',
  unit: null,
  kind: 'pcs',
  data: [
    [1, 2.5],
    [2, -3],
  ],
  when: { at: 'then', ts: 5 },
  tags: { a: 1 },
};

describe('compiled response serializer', () => {
  it('writes what zod writes, unions, tuples, nulls and escapes included', async () => {
    for (const verify of [false, true]) {
      const res = await serve(row, verify);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(row);
    }
  });

  it('keeps only the properties the schema names, as zod did (a stored hash never leaves)', async () => {
    const res = await serve({ ...row, passwordHash: 'secret', when: { at: 'now', extra: 1 } }, false);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ ...row, when: { at: 'now' } });
  });

  it('in verify mode an answer outside its schema is still a serialisation error, never coerced', async () => {
    const res = await serve({ ...row, id: '7' }, true);
    expect(res.statusCode).toBe(500);
    expect(res.json().serialisation).toBe(true);
  });

  it('in verify mode a schema the compiled function reads otherwise fails the answer', async () => {
    // zod takes the first member that parses and strips `b`; the compiled function's validator
    // refuses the first (an extra key) and writes the second, `b` included.
    const app = Fastify();
    apps.push(app);
    app.setSerializerCompiler(compiledSerializerCompiler({ verify: true }));
    app.setErrorHandler((err, _req, reply) => reply.status(500).send({ message: String(err) }));
    const either = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);
    app.get('/x', { schema: { response: { 200: either } } }, async () => ({ a: 'x', b: 1 }));
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.inject({ method: 'GET', url: '/x' });
    const calls = said.mock.calls.map(([text]) => String(text));
    said.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain("GET /x: the compiled answer differs from zod's");
    // The tests' apps log nothing: the reason is also written where the test runs.
    expect(calls.join('\n')).toContain("GET /x: the compiled answer differs from zod's");
  });
});
