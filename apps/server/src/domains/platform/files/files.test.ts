import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILE_RULES, type StoredFile } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip, deflatedEntry } from '../../../test/crafted-zip';
import { bearer, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { pngBytes, upload } from './files.kit';
import { FileService } from './files.service';

let ctx: TestContext;
let dataDir: string;
let admin: string;
let operator: string;
let maintainer: string;
let manager: string;
let js: number;
let gd: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ess-files-'));
  ctx = await createTestApp({ TELEMETRY: 'off', DATA_DIR: dataDir });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  maintainer = await login(ctx.app, 'maintainer');
  manager = await login(ctx.app, 'manager');
  const station = await stationIdLookup(ctx.database.db);
  js = station('JS-SZ01');
  gd = station('GD-SZ01');
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token, 'en_US'), ...headers } });

async function uploaded(
  token: string,
  fields: Record<string, string>,
  name: string,
  data: Buffer,
): Promise<StoredFile> {
  const res = await upload(ctx.app, token, fields, { name, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StoredFile;
}

describe('file store', () => {
  it('stores a picture with its hash and content-decided type, and serves it whole and by range', async () => {
    const data = pngBytes(1000);
    const file = await uploaded(operator, { purpose: 'picture', stationId: String(js) }, 'site photo.png', data);
    expect(file).toMatchObject({
      name: 'site photo.png',
      size: data.length,
      sha256: sha(data),
      contentType: 'image/png',
    });

    const meta = await get(operator, `/api/files/${file.id}/meta`);
    expect(meta.json().data).toMatchObject({ id: file.id, purpose: 'picture', stationId: js });

    const whole = await get(operator, `/api/files/${file.id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="site photo.png"; filename*=UTF-8''site%20photo.png`,
    );

    const part = await get(operator, `/api/files/${file.id}`, { range: 'bytes=2-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(2, 10))).toBe(true);

    const tail = await get(operator, `/api/files/${file.id}`, { range: 'bytes=-4' });
    expect(tail.rawPayload.equals(data.subarray(data.length - 4))).toBe(true);

    const past = await get(operator, `/api/files/${file.id}`, { range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
  });

  it('tells office files, text and PDF apart by content, and refuses what the purpose does not allow', async () => {
    const xlsx = craftZip([
      deflatedEntry('[Content_Types].xml', Buffer.from('<Types/>')),
      deflatedEntry('xl/workbook.xml', Buffer.from('<workbook/>')),
    ]);
    const sheet = await uploaded(admin, { purpose: 'attachment' }, 'report.xlsx', xlsx);
    expect(sheet.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const csv = await uploaded(admin, { purpose: 'attachment' }, 'values.csv', Buffer.from('a,b\n1,2\n'));
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    const pdf = await uploaded(admin, { purpose: 'attachment' }, 'manual.pdf', Buffer.from('%PDF-1.7\n...'));
    expect(pdf.contentType).toBe('application/pdf');

    // A program named like a picture, a plain zip as an attachment, text as a picture.
    const exe = await upload(
      ctx.app,
      admin,
      { purpose: 'attachment' },
      { name: 'photo.png', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04') },
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().msg).toContain(FILE_RULES.attachment.accept.join(' '));
    const zip = craftZip([deflatedEntry('a.txt', Buffer.from('hello'))]);
    expect((await upload(ctx.app, admin, { purpose: 'attachment' }, { name: 'a.zip', data: zip })).statusCode).toBe(
      415,
    );
    const text = await upload(
      ctx.app,
      admin,
      { purpose: 'picture' },
      { name: 'a.png', data: Buffer.from('hello') },
      'zh_CN',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toContain('文件内容不是允许的格式');
  });

  it('stops a file over its purpose’s cap while it streams, and keeps nothing of it', async () => {
    const big = pngBytes(FILE_RULES.picture.maxBytes);
    const res = await upload(ctx.app, admin, { purpose: 'picture' }, { name: 'big.png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, msg: 'The file is larger than 10 MB and was not stored' });
  });

  it('refuses broken forms with 400 and other bodies with 415', async () => {
    expect((await upload(ctx.app, admin, { purpose: 'photo' }, { name: 'a.png', data: pngBytes() })).statusCode).toBe(
      400,
    );
    expect((await upload(ctx.app, admin, { purpose: 'picture' }, null)).json().msg).toContain('No file was received');
    expect(
      (await upload(ctx.app, admin, { purpose: 'picture' }, { name: 'a.png', data: Buffer.alloc(0) })).statusCode,
    ).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: { purpose: 'picture' },
      headers: bearer(admin),
    });
    expect(json.statusCode).toBe(415);
  });

  it('holds uploads and reads to the station scope, station-less files to their uploader', async () => {
    // The operator (Jiangsu) cannot upload to nor read a Guangdong station's file.
    expect(
      (
        await upload(
          ctx.app,
          operator,
          { purpose: 'picture', stationId: String(gd) },
          { name: 'a.png', data: pngBytes() },
        )
      ).statusCode,
    ).toBe(404);
    const gdFile = await uploaded(maintainer, { purpose: 'picture', stationId: String(gd) }, 'gd.png', pngBytes());
    expect((await get(operator, `/api/files/${gdFile.id}`)).statusCode).toBe(404);
    expect((await get(operator, `/api/files/${gdFile.id}/meta`)).statusCode).toBe(404);
    expect((await get(manager, `/api/files/${gdFile.id}`)).statusCode).toBe(200);

    const own = await uploaded(operator, { purpose: 'attachment' }, 'notes.txt', Buffer.from('notes'));
    expect((await get(operator, `/api/files/${own.id}`)).statusCode).toBe(200);
    expect((await get(maintainer, `/api/files/${own.id}`)).statusCode).toBe(404);

    // Read-only accounts upload nothing.
    expect(
      (await upload(ctx.app, manager, { purpose: 'picture' }, { name: 'a.png', data: pngBytes() })).statusCode,
    ).toBe(403);
    expect((await get(operator, '/api/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(operator, '/api/files/not-a-uuid')).statusCode).toBe(400);
  });

  it('lets owners link only usable files, at most the purpose’s number', async () => {
    const files = FileService.from({ env: ctx.env, db: ctx.database.db });
    const js1 = await uploaded(operator, { purpose: 'picture', stationId: String(js) }, 'a.png', pngBytes());
    const mine = await uploaded(operator, { purpose: 'attachment' }, 'b.txt', Buffer.from('b'));
    const userId = (await get(operator, `/api/files/${mine.id}/meta`)).json().data.uploadedBy as number;

    await expect(
      files.assertFilesUsable([js1.id, mine.id], { stationId: js, userId, purpose: 'attachment' }),
    ).resolves.toBeUndefined();
    await expect(
      files.assertFilesUsable([js1.id], { stationId: gd, userId, purpose: 'attachment' }),
    ).rejects.toMatchObject({ key: 'fileNotUsable' });
    await expect(
      files.assertFilesUsable([mine.id], { stationId: js, userId: userId + 1, purpose: 'attachment' }),
    ).rejects.toMatchObject({ key: 'fileNotUsable' });
    await expect(
      files.assertFilesUsable([mine.id], { stationId: js, userId, purpose: 'picture' }),
    ).rejects.toMatchObject({ key: 'fileNotUsable' });
    const eleven = Array.from({ length: FILE_RULES.attachment.maxPerOwner + 1 }, () => crypto.randomUUID());
    await expect(
      files.assertFilesUsable(eleven, { stationId: js, userId, purpose: 'attachment' }),
    ).rejects.toMatchObject({ key: 'fileTooMany' });

    expect(await files.describeFiles([mine.id, '00000000-0000-4000-8000-000000000000', js1.id])).toEqual([mine, js1]);
    const opened = await files.openFile(mine.id);
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('b');
  });
});
