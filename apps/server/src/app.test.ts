import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('OpenAPI document', () => {
  it('lists the session, menu, station, dictionary, theme and weather calls', async () => {
    // The document is public, like the Swagger page that reads it.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths: Record<string, Record<string, unknown>> = res.json().paths;
    const expected: [string, string][] = [
      ['/api/sys/user/get', 'get'],
      ['/api/sys/permission/per/exclusiveMenu', 'post'],
      ['/api/business/station', 'post'],
      ['/api/sys/dict/typeAll', 'post'],
      ['/api/sys/user/getSysTheme', 'get'],
      ['/api/sys/user/getUserTheme/{id}', 'get'],
      ['/api/sys/user/addUserTheme', 'post'],
      ['/api/sys/user/pwd', 'put'],
      ['/api/media/weather/stationWeatherInfo', 'post'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe('serving the web app', () => {
  let web: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ess-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    web = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and the page shell without a session', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/login', '/surveillance/site-homepage?from=screen', '/no/such/page']) {
      const page = await web.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain('<div id="root">');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await web.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers a missing asset or API path with the 404 envelope, never the page', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { lang: 'en_US' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ code: 404, msg: 'Not found: /assets/missing.js', data: null });
    const api = await web.app.inject({ method: 'POST', url: '/api/no/such/call', payload: {} });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
  });

  it('over plain HTTP sends no upgrade to https and no HSTS, so a LAN address keeps working', async () => {
    const page = await web.app.inject({ method: 'GET', url: '/login', headers: { host: 'ess-lan.test:8080' } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('behind TLS (PUBLIC_URL https://) upgrades requests and sends HSTS', async () => {
    const tls = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://ess.example.com', TELEMETRY: 'off' });
    try {
      const page = await tls.app.inject({ method: 'GET', url: '/login' });
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await tls.close();
    }
  });

  it('still guards the API: a call without a token is refused', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/sys/user/get', headers: { lang: 'en_US' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: 'Please log in first', data: null });
  });
});
