import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmetPlugin from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login } from '../test/harness';
import { securityHeaderOptions } from './security-headers';

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'ess-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** What @fastify/helmet 13 (the plugin the app registered before) sends with the same options. */
async function pluginHeaders(tls: boolean): Promise<Record<string, string>> {
  const bare = Fastify();
  await bare.register(helmetPlugin, securityHeaderOptions(tls));
  bare.get('/', async () => ({ ok: true }));
  try {
    const res = await bare.inject({ method: 'GET', url: '/' });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!['content-type', 'content-length', 'date', 'connection'].includes(name)) out[name] = String(value);
    }
    return out;
  } finally {
    await bare.close();
  }
}

const pick = (headers: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, headers[n] === undefined ? undefined : String(headers[n])]));

describe('security headers', () => {
  for (const tls of [false, true]) {
    it(`are @fastify/helmet's on an API call, an error and the web page (${tls ? 'TLS' : 'plain HTTP'})`, async () => {
      const expected = await pluginHeaders(tls);
      const names = Object.keys(expected);
      expect(names).toContain('content-security-policy');
      expect(names.includes('strict-transport-security')).toBe(tls);
      expect(names.length).toBeGreaterThan(9);
      const ctx = await createTestApp({
        WEB_DIST: dist,
        TELEMETRY: 'off',
        SIMULATOR: 'off',
        ...(tls ? { PUBLIC_URL: 'https://ess.example.com' } : {}),
      });
      try {
        const token = await login(ctx.app, 'operator');
        const list = await call(ctx.app, token, 'POST', '/api/business/station', {});
        expect(list.statusCode).toBe(200);
        const refused = await call(ctx.app, null, 'POST', '/api/business/station', {});
        expect(refused.statusCode).toBe(401);
        const page = await ctx.app.inject({ method: 'GET', url: '/' });
        expect(page.body).toContain('<div id="root">');
        for (const [what, res] of [
          ['list', list],
          ['401', refused],
          ['page', page],
        ] as const) {
          expect(pick(res.headers, names), what).toEqual(expected);
        }
      } finally {
        await ctx.close();
      }
    });
  }
});
