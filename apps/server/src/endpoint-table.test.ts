import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { type Endpoint, endpoints } from '@ess/contract';
import type { OpenAPIV3 } from 'openapi-types';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness';

/**
 * The contract's endpoint table is the API: every route the server has comes from it, every
 * entry is registered once, and the OpenAPI document generated from it is one a real parser
 * accepts and a client generator turns into types that compile.
 */
let ctx: TestContext;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => ctx?.close());

/** Routes outside the table on purpose: the live socket (contract live.ts) and the OpenAPI pages. */
const OUTSIDE_TABLE = [/^\/api\/ws$/, /^\/api\/docs/];
const entries = Object.entries(endpoints);
const openApiPath = (p: string) => `/api${p.replace(/:(\w+)/g, '{$1}')}`;

describe('endpoint table', () => {
  it('is the source of every API route', () => {
    const strays = ctx.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && !OUTSIDE_TABLE.some((x) => x.test(r.url)))
      .filter((r) => r.endpoint === null)
      .map((r) => `${r.method} ${r.url}`);
    expect(strays).toEqual([]);
  });

  it('holds every entry the server registered (none lost to another of the same name)', () => {
    const inTable = new Set<Endpoint>(Object.values(endpoints));
    const lost = ctx.app.registeredRoutes
      .filter((r) => r.endpoint && r.method !== 'HEAD' && !inTable.has(r.endpoint))
      .map((r) => `${r.method} ${r.url}`);
    expect(lost).toEqual([]);
  });

  it('has every entry registered exactly once, at its own method and path', () => {
    const missing = entries
      .filter(([, e]) => {
        // Fastify adds a HEAD route for every GET.
        const n = ctx.app.registeredRoutes.filter((r) => r.endpoint === e && r.method !== 'HEAD').length;
        return n !== 1;
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
    for (const [name, e] of entries) {
      const r = ctx.app.registeredRoutes.find((x) => x.endpoint === e && x.method !== 'HEAD');
      expect(r && `${r.method} ${r.url}`, name).toBe(`${e.method} /api${e.path}`);
    }
  });

  it('gives every entry one operation in the OpenAPI document', () => {
    const lacking = entries
      .filter(([, e]) => !doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase() as OpenAPIV3.HttpMethods])
      .map(([name]) => name);
    expect(lacking).toEqual([]);
  });

  it('publishes a document that an OpenAPI parser validates', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('publishes a document a client generator turns into types that compile', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ess-openapi-'));
    try {
      writeFileSync(path.join(dir, 'api.ts'), await openapiTS(structuredClone(doc) as never));
      // A client written against the generated types: a sign-in and the station list.
      writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { paths } from './api';
type Login = paths['/api/sys/user/login']['post'];
export const body: Login['requestBody']['content']['application/json'] =
  { username: 'operator', password: 'c2VhbGVk', type: 'pc', aesKey: 'a2V5', iv: 'aXY=' };
export const token = (r: Login['responses']['200']['content']['application/json']): string => r.data.accessToken;
type Tree = paths['/api/business/station']['post']['responses']['200']['content']['application/json'];
export const names = (t: Tree): string[] => t.data.flatMap((p) => p.children.map((s) => s.name));
`,
      );
      const tsc = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsc');
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', path.join(dir, 'client.ts')];
      // Run in the temporary directory: tsc refuses file arguments where a tsconfig.json is (TS5112).
      await expect(promisify(execFile)(tsc, args, { cwd: dir })).resolves.toBeTruthy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
