import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('OpenAPI document', () => {
  it('lists the session, menu, station, dictionary, theme and weather calls', async () => {
    const res = await call(ctx.app, await login(ctx.app, 'operator'), 'GET', '/api/docs/json');
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
