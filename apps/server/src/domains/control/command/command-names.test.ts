import { DEVICE_MODELS, type Lang } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../../db/command-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { deviceIdOf } from '../../stations/point/telemetry-fixtures.kit';

/**
 * Issue 21 finding 7: command lists and details name the point and the device in the reader's
 * language; the code stays in `pointCode` for who needs it.
 */
let ctx: TestContext;
let admin: string;
let stationId: number;
let commandId: number;

const pSet = DEVICE_MODELS.find((m) => m.type === 'pcs')?.points.find((p) => p.code === 'pSet');

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  admin = await login(ctx.app, 'admin');
  stationId = (await stationIdLookup(ctx.database.db))('JS-SZ01');
  const deviceId = await deviceIdOf(ctx.database.db, 'JS-SZ01-PCS-1');
  const [row] = await ctx.database.db
    .insert(commands)
    .values({
      commandId: 'names-1',
      stationId,
      deviceId,
      kind: 'points',
      origin: 'control',
      pointCode: 'pSet',
      value: 100,
      payload: {},
      timeoutS: 30,
    })
    .returning({ id: commands.id });
  if (!row) throw new Error('not stored');
  commandId = row.id;
});
afterAll(() => ctx?.close());

describe('commands by name', () => {
  it('list rows carry the point’s name in each language; the fixed detail keeps its fields', async () => {
    if (!pSet) throw new Error('no pSet in the PCS model');
    for (const lang of ['zh_CN', 'en_US', 'ja_JP'] as Lang[]) {
      const page = await call(
        ctx.app,
        admin,
        'POST',
        '/api/control/commands/page',
        { stationId, pageNum: 1, pageSize: 50 },
        lang,
      );
      expect(page.statusCode, page.body).toBe(200);
      const row = page.json().data.rows.find((r: { id: number }) => r.id === commandId);
      expect(row).toMatchObject({ pointCode: 'pSet', pointName: pSet.names[lang], deviceName: 'PCS-1' });
      const detail = await call(ctx.app, admin, 'GET', `/api/control/command/${commandId}`, undefined, lang);
      expect(detail.statusCode, detail.body).toBe(200);
      // The fixed GET keeps its fields as written; the name travels on the list rows.
      expect(detail.json().data).not.toHaveProperty('pointName');
    }
  });
});
