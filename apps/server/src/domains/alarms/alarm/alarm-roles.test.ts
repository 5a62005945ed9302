import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../../stations/device/sessions.kit';
import { insertRaised } from './alarm-store.repository';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
});

afterAll(async () => {
  await ctx?.close();
});

const post = (role: Role, path: string, body: object) => call(ctx.app, tokens[role], 'POST', `/api${path}`, body);

describe('alarm calls × roles', () => {
  it('reads: each role in its stations, 404 outside them', async () => {
    const now = Date.now();
    const reads: [string, object][] = [
      ['/flow/event/eventNum', {}],
      ['/alarm/realtime/page', { pageNum: 1, pageSize: 5 }],
      ['/alarm/history/page', { from: now - 86_400_000, to: now, pageNum: 1, pageSize: 5 }],
      ['/alarm/config/station/rules', {}],
    ];
    for (const [path, extra] of reads) {
      for (const role of ROLES) {
        for (const code of ['JS-NJ01', 'GD-SZ01']) {
          const res = await post(role, path, { stationId: sid(code), ...extra });
          expect(res.statusCode, `${role} ${path} ${code}: ${res.body.slice(0, 100)}`).toBe(
            sees(role, code) ? 200 : 404,
          );
        }
      }
    }
  });

  it('writes: only the roles holding the button, in their stations; read-only accounts never', async () => {
    const [event] = await insertRaised(ctx.database.db, [
      {
        key: 'roles:1',
        stationId: sid('JS-NJ01'),
        deviceId: null,
        deviceType: null,
        kind: 'lost',
        definitionId: null,
        pointCode: null,
        value: null,
        limit: null,
        level: 1,
        content: '',
        raisedAt: Date.now(),
      },
    ]);
    const expected: Record<string, Record<Role, number>> = {
      // Operators and maintainers hold the confirm button; the maintainer does not see Jiangsu.
      confirm: { admin: 200, operator: 200, maintainer: 404, manager: 403, screen: 403 },
      definitionAdd: { admin: 200, operator: 403, maintainer: 200, manager: 403, screen: 403 },
      override: { admin: 200, operator: 403, maintainer: 200, manager: 403, screen: 403 },
    };
    const definition = (role: Role) => ({
      name: `Rule of ${role}`,
      deviceType: 'pcs',
      pointCode: 'igbtTemp',
      condition: 'gt',
      threshold: 90,
      holdSeconds: 0,
      deadband: 0,
      level: 3,
      content: '{device} {value}',
      enabled: true,
    });
    const [seeded] = (
      await post('admin', '/alarm/definition/page', { keyword: 'igbtTemp', pageNum: 1, pageSize: 1 })
    ).json().data.rows;
    for (const role of ROLES) {
      const confirm = await post(role, '/alarm/confirm', { ids: [event?.id], remark: role });
      expect(confirm.statusCode, `${role} confirm`).toBe(expected.confirm?.[role]);
      const add = await post(role, '/alarm/definition/add', definition(role));
      expect(add.statusCode, `${role} add`).toBe(expected.definitionAdd?.[role]);
      const override = await post(role, '/alarm/config/station/save', {
        stationId: sid('GD-SZ01'),
        definitionId: seeded.id,
        threshold: 100,
      });
      expect(override.statusCode, `${role} override`).toBe(expected.override?.[role]);
    }
  });
});
