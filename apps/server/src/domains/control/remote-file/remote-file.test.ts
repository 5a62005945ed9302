import type { RemoteFileRow, TransferRow } from '@ess/contract';
import { DeviceAgent } from '@ess/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, call, createTestApp, deviceCredentials, login, type TestContext } from '../../../test/harness';
import { multipartBody } from '../../platform/files/files.kit';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';

/**
 * Remote files end to end (issue 25 part 2): a station's file uploaded, pushed to a simulated
 * device over the in-process broker (it fetches the short-lived URL and answers its checksum),
 * the device's log pulled (it uploads to its one-time URL), both transfers verified.
 */
let ctx: TestContext;
let token: string;
let st: TestStation;
let agent: DeviceAgent;
let beat: NodeJS.Timeout;

const post = (path: string, body: object) => call(ctx.app, token, 'POST', `/api${path}`, body, 'en_US');
const transfers = async (): Promise<TransferRow[]> =>
  (await post('/remote/file/transfers', { stationId: st.id })).json().data.rows;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  token = await login(ctx.app, 'admin');
  st = await createTestStation(ctx.database.db, { pcs: 1, reportIntervalS: 1 });
  const device = st.pcs[0];
  if (!device) throw new Error('a device');
  const { password } = await deviceCredentials(ctx.database.db, device.sn);
  agent = new DeviceAgent({
    url: ctx.mqttUrl ?? '',
    stationCode: st.code,
    sn: device.sn,
    password,
    onCommand: (cmd) => ({ id: cmd.id, status: 'success' }),
  });
  expect(await agent.start()).toBe(true);
  beat = setInterval(() => agent.send({ ts: Date.now(), values: { p: 1 } }), 500);
  await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(device.id)).toBe(true));
}, 60_000);

afterAll(async () => {
  clearInterval(beat);
  await agent?.stop();
  await ctx?.close();
});

describe('remote files', () => {
  it('pushes a file to a device, which answers the same SHA-256; pulls its log into the file store', async () => {
    const device = st.pcs[0];
    if (!device) throw new Error('a device');
    const text = Buffer.from('[pcs]\npSetMax=1250\n'.repeat(200));
    const form = multipartBody({ stationId: String(st.id) }, { name: 'pcs.conf.txt', data: text });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/remote/file/upload',
      payload: form.payload,
      headers: { ...bearer(token, 'en_US'), 'content-type': form.contentType },
    });
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().data;

    const push = await post('/remote/file/push', { fileId: file.id, deviceId: device.id, path: 'etc/pcs.conf' });
    expect(push.statusCode, push.body).toBe(200);
    expect(['sent', 'success']).toContain(push.json().data.state);
    await vi.waitFor(async () => expect((await transfers())[0]?.state).toBe('success'), { timeout: 15_000 });
    expect((await transfers())[0]).toMatchObject({
      direction: 'push',
      path: 'etc/pcs.conf',
      sha256: file.sha256,
      deviceSha256: file.sha256,
      fileName: 'pcs.conf.txt',
    });

    const pull = await post('/remote/file/pull', { deviceId: device.id, path: 'log' });
    expect(pull.statusCode, pull.body).toBe(200);
    await vi.waitFor(async () => expect((await transfers())[0]?.state).toBe('success'), { timeout: 15_000 });
    const pulled = (await transfers())[0];
    expect(pulled?.direction).toBe('pull');
    const files: RemoteFileRow[] = (await post('/remote/file/page', { stationId: st.id })).json().data.rows;
    const log = files.find((f) => f.id === pulled?.fileId);
    expect(log).toMatchObject({ fromDevice: device.sn, name: `${device.sn}-device.log` });
    const bytes = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${log?.id}`,
      headers: bearer(token, 'en_US'),
    });
    expect(bytes.body).toContain(`${device.sn} connected`);
    expect(bytes.body).toMatch(/filePush-[0-9a-f-]+ \(filePush\)/);

    // The pull's URL was one-time; the push's closed with its command.
    const again = await ctx.app.inject({ method: 'GET', url: `/api/remote/file/fetch/${'y'.repeat(43)}` });
    expect(again.statusCode).toBe(403);
    // A file is deleted once no transfer moves it.
    expect((await post('/remote/file/delete', { id: file.id })).statusCode).toBe(200);
  }, 60_000);

  it('refuses a device body on a made-up URL and a push of another station’s file', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/remote/file/receive/${'z'.repeat(43)}`,
      payload: Buffer.from('hello'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(403);
    const other = await createTestStation(ctx.database.db, { pcs: 1 });
    const form = multipartBody({ stationId: String(other.id) }, { name: 'a.txt', data: Buffer.from('x') });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/remote/file/upload',
      payload: form.payload,
      headers: { ...bearer(token, 'en_US'), 'content-type': form.contentType },
    });
    const device = st.pcs[0];
    const push = await post('/remote/file/push', { fileId: up.json().data.id, deviceId: device?.id, path: 'a' });
    expect(push.statusCode).toBe(400);
    expect(push.json().msg).toBe('The file and the device belong to different stations');
  });
});
