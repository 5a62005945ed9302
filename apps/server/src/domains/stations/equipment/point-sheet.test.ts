import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type DeviceModelDetail,
  EQUIPMENT_LIMITS,
  equipModelApi,
  type ModelSaveResult,
  type PointImportResult,
  ResultCode,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModels } from '../../../db/schema';
import { translate } from '../../../i18n/messages';
import { toXlsx } from '../../../lib/export-file';
import { withSpaces } from '../../../test/crafted-zip';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { hit, testModel, testPoint } from './equipment-api.kit';

let ctx: TestContext;
let tokens: Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
});
afterAll(() => ctx?.close());

const admin = (entry: Parameters<typeof hit>[2], input?: Record<string, unknown>, lang?: string) =>
  hit(ctx.app, tokens.admin, entry, input, lang);
const newModel = async (code: string, points = [testPoint('old')]) =>
  ((await admin(equipModelApi.equipModelAdd, testModel(code, points))).data as ModelSaveResult).id;
const pointsOf = async (id: number) =>
  ((await admin(equipModelApi.equipModelDetail, { id })).data as DeviceModelDetail).points.map(
    ({ id: _id, name: _name, ...p }) => p,
  );

const sheet = (rows: Record<string, string | number | null>[], columns?: string[]) => {
  const keys = columns ?? ['code', 'name_zh_CN', 'name_en_US', 'unit', 'kind', 'precision', 'min', 'max', 'counter'];
  return toXlsx([{ name: 'points', columns: keys.map((k) => ({ key: k, header: k })), rows }]);
};
const importFile = (id: number, bytes: Buffer, lang = 'zh_CN') =>
  admin(equipModelApi.equipModelImportPoints, { id, file: bytes.toString('base64') }, lang);

describe('point list import and export', () => {
  it("round trip: a seeded model's points exported and imported into a new model are the same", async () => {
    const [cab] = await ctx.database.db.select().from(deviceModels).where(eq(deviceModels.code, 'CAB-215'));
    if (!cab) throw new Error('no seeded cabinet model');
    const file = await admin(equipModelApi.equipModelExportPoints, { id: cab.id });
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const target = await newModel('CAB-COPY');
    const res = await importFile(target, file.raw);
    expect(res.status, res.msg).toBe(200);
    const original = await pointsOf(cab.id);
    expect(res.data).toEqual({ imported: original.length, errors: [] });
    expect(await pointsOf(target)).toEqual(original);
    // States and limits travel too (the cabinet has both).
    expect(original.some((p) => p.states !== null)).toBe(true);
    expect(original.some((p) => p.limit !== null)).toBe(true);
  });

  it('names every bad row by its number and changes nothing', async () => {
    const id = await newModel('IMPORT-BAD');
    const before = await pointsOf(id);
    const bytes = await sheet([
      { code: 'p', name_zh_CN: '功率', unit: 'kW', kind: 'telemetry', precision: 1, min: 0, max: 10, counter: 'false' },
      { code: 'q', name_zh_CN: '无功', unit: 'kVar', kind: 'power', precision: 1 },
      { code: 'p', name_zh_CN: '重复', kind: 'telemetry', precision: 1 },
      { code: 'r', name_zh_CN: '范围', kind: 'telemetry', precision: 1, min: 9, max: 1 },
      { code: 'constructor', name_zh_CN: '保留', kind: 'telemetry', precision: 1 },
      { code: 's', name_zh_CN: '', kind: 'telemetry', precision: 'two' },
      { code: null, name_zh_CN: null, kind: null },
    ]);
    const res = await importFile(id, bytes);
    expect(res.status).toBe(200);
    const { imported, errors } = res.data as PointImportResult;
    expect(imported).toBe(0);
    const row = (r: number, key: Parameters<typeof translate>[1], params: Record<string, string | number>) =>
      translate('zh_CN', 'importRow', { row: r, detail: translate('zh_CN', key, params) });
    expect(errors).toEqual([
      { row: 3, message: row(3, 'importFieldInvalid', { field: 'kind', value: 'power' }) },
      { row: 4, message: row(4, 'importDuplicateRow', { code: 'p', first: 2 }) },
      { row: 5, message: row(5, 'pointMinMax', { code: 'r' }) },
      { row: 6, message: row(6, 'importFieldInvalid', { field: 'code', value: 'constructor' }) },
      { row: 7, message: row(7, 'importFieldInvalid', { field: 'name_zh_CN', value: '' }) },
      { row: 7, message: row(7, 'importFieldInvalid', { field: 'precision', value: 'two' }) },
    ]);
    expect(await pointsOf(id)).toEqual(before);
  });

  it('refuses what is not an xlsx file, a file too large, a sheet without its columns', async () => {
    const id = await newModel('IMPORT-FILE');
    const notZip = await importFile(id, Buffer.from('code,name\np,power\n'), 'en_US');
    expect(notZip.status).toBe(400);
    expect(notZip.msg).toBe(translate('en_US', 'importNotXlsx'));
    // A zip signature in front of garbage (a renamed or broken file).
    const broken = await importFile(id, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect(broken.status).toBe(400);
    expect(broken.msg).toBe(translate('zh_CN', 'importNotXlsx'));
    const big = await importFile(id, Buffer.alloc(EQUIPMENT_LIMITS.importBytesMax + 1, 1));
    expect(big.status).toBe(400);
    const noKind = await importFile(id, await sheet([{ code: 'p', name_zh_CN: 'x' }], ['code', 'name_zh_CN']));
    expect(noKind.status).toBe(400);
    expect(noKind.msg).toBe(translate('zh_CN', 'importMissingColumn', { column: 'kind' }));
    const empty = await importFile(id, await sheet([]));
    expect(empty.msg).toBe(translate('zh_CN', 'importEmpty'));
    expect((await pointsOf(id)).map((p) => p.code)).toEqual(['old']);
  });

  it('imports a hand-made sheet: missing translations take the Chinese name', async () => {
    const id = await newModel('IMPORT-OK');
    const res = await importFile(
      id,
      await sheet([
        { code: 'e', name_zh_CN: '电量', unit: 'kWh', kind: 'telemetry', precision: 1, min: 0, counter: 1 },
        { code: 'run', name_zh_CN: '运行', kind: 'status', precision: 0, counter: null },
      ]),
    );
    expect(res.data).toEqual({ imported: 2, errors: [] });
    const points = await pointsOf(id);
    expect(points.map((p) => [p.code, p.names.es_ES, p.counter, p.min, p.max, p.sort])).toEqual([
      ['e', '电量', true, 0, null, 1],
      ['run', '运行', false, null, null, 2],
    ]);
  });

  it('needs the edit permission to import and the page permission to export', async () => {
    const id = await newModel('IMPORT-PERM');
    const bytes = await sheet([{ code: 'p', name_zh_CN: 'x', kind: 'telemetry', precision: 0 }]);
    const op = await hit(ctx.app, tokens.operator, equipModelApi.equipModelImportPoints, {
      id,
      file: bytes.toString('base64'),
    });
    expect(op.status).toBe(403);
    expect((await hit(ctx.app, tokens.operator, equipModelApi.equipModelExportPoints, { id })).status).toBe(403);
    expect((await admin(equipModelApi.equipModelImportPoints, { id: 999_999, file: '' })).status).toBe(404);
  });
});

/** Runs `work` and measures how long it took and the longest the event loop was held meanwhile. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; loopMaxMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  loop.disable();
  return { result, ms, loopMaxMs: loop.max / 1e6 };
}

describe('point list archives (zip bombs)', () => {
  const row = { code: 'p', name_zh_CN: '功率', kind: 'telemetry', precision: 1 };

  it('refuses a sheet that unpacks past the cap from the zip directory: at once, three in parallel', async () => {
    const id = await newModel('IMPORT-BOMB');
    const bomb = await withSpaces(await sheet([row]), 64);
    expect(bomb.length).toBeLessThan(EQUIPMENT_LIMITS.importBytesMax);
    const { result, ms, loopMaxMs } = await timed(() =>
      Promise.all(['en_US', 'es_ES', 'ja_JP'].map((lang) => importFile(id, bomb, lang))),
    );
    for (const [i, lang] of (['en_US', 'es_ES', 'ja_JP'] as const).entries()) {
      expect(result[i]?.status).toBe(413);
      expect(result[i]?.code).toBe(ResultCode.PAYLOAD_TOO_LARGE);
      expect(result[i]?.msg).toBe(translate(lang, 'archiveEntryTooLarge', { max: '4 MB' }));
    }
    expect(ms).toBeLessThan(1000);
    expect(loopMaxMs).toBeLessThan(200);
    expect((await pointsOf(id)).map((p) => p.code)).toEqual(['old']);

    // The same sheet without the padding still imports.
    const ok = await importFile(id, await sheet([row]));
    expect(ok.data).toEqual({ imported: 1, errors: [] });
  });

  it('stops inflating a sheet whose zip directory understates its size', async () => {
    const id = await newModel('IMPORT-LIE');
    const honest = await sheet([row]);
    const liar = await withSpaces(honest, 64, 4096);
    const { result, ms, loopMaxMs } = await timed(() => importFile(id, liar, 'en_US'));
    expect(result.status).toBe(400);
    expect(result.msg).toBe(translate('en_US', 'importNotXlsx'));
    expect(ms).toBeLessThan(1000);
    expect(loopMaxMs).toBeLessThan(200);
    expect((await pointsOf(id)).map((p) => p.code)).toEqual(['old']);
  });
});
