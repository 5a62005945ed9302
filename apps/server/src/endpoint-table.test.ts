import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { type Endpoint, endpoints, FILE_PURPOSES, filesApi } from '@ess/contract';
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

  it('describes an upload’s body as multipart/form-data: the entry’s fields and the binary part file', () => {
    const op = doc.paths[openApiPath(filesApi.fileUpload.path)]?.post;
    const body = op?.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    expect(body?.required).toBe(true);
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    const schema = body?.content['multipart/form-data']?.schema as OpenAPIV3.SchemaObject;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties ?? {})).toEqual(['purpose', 'stationId', 'file']);
    expect(schema.properties?.purpose).toMatchObject({
      type: 'string',
      enum: FILE_PURPOSES.filter((p) => p !== 'firmware'),
    });
    // A row id as a number or its decimal text (a form's fields are text).
    expect(schema.properties?.stationId).toMatchObject({
      anyOf: [{ type: 'number' }, { type: 'string', pattern: expect.any(String) }],
    });
    expect(schema.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(['purpose', 'file']);
    // Every upload entry has its form, with the file part required.
    const uploads = entries.filter(([, e]) => 'upload' in e && e.upload);
    expect(uploads.length).toBeGreaterThan(1);
    for (const [name, e] of uploads) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase() as OpenAPIV3.HttpMethods];
      const form = (op?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['multipart/form-data'];
      expect((form?.schema as OpenAPIV3.SchemaObject | undefined)?.required, name).toContain('file');
    }
  });

  it('publishes a document that an OpenAPI parser validates', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('publishes a document a client generator turns into types that compile', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ess-openapi-'));
    try {
      writeFileSync(path.join(dir, 'api.ts'), await openapiTS(structuredClone(doc) as never));
      // A client written against the generated types: a sign-in, the station list and an upload's form.
      writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { paths } from './api';
type Login = paths['/api/sys/user/login']['post'];
export const body: Login['requestBody']['content']['application/json'] =
  { username: 'operator', password: 'c2VhbGVk', type: 'pc', aesKey: 'a2V5', iv: 'aXY=' };
export const token = (r: Login['responses']['200']['content']['application/json']): string => r.data.accessToken;
type Tree = paths['/api/business/station']['post']['responses']['200']['content']['application/json'];
export const names = (t: Tree): string[] => t.data.flatMap((p) => p.children.map((s) => s.name));
type Upload = paths['/api/files/upload']['post']['requestBody']['content']['multipart/form-data'];
export const form: Upload = { purpose: 'picture', stationId: 1, file: 'the bytes' };
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
