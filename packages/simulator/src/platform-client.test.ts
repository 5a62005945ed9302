import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { stationLayout } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPlatformFleet } from './platform-client';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const unwrap = (b64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  );

/** Opens a sealed secret the way the platform does (AES-256-GCM, tag appended). */
function open(cipher: string, aesKey: string, iv: string): string {
  const data = Buffer.from(cipher, 'base64');
  const d = createDecipheriv('aes-256-gcm', unwrap(aesKey), unwrap(iv));
  d.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
}

const station = {
  id: 5,
  code: 'GD-GZ01',
  name: '广州南沙光储电站',
  address: null,
  provinceCode: '44',
  province: 'Guangdong',
  city: null,
  ratedPowerKw: 100,
  capacityKwh: 215,
  gridConnectionTime: null,
  type: 'operating',
  longitude: 113.5253,
  latitude: 22.8016,
  timezone: 'Asia/Shanghai',
  contact: null,
  phone: null,
  orgId: 1,
  showWeather: true,
  forceChinese: false,
};
const devices = stationLayout({ ...station, type: 'operating' }).devices.map((d, i) => ({ id: 100 + i, sn: d.sn }));

describe('fetchPlatformFleet', () => {
  let server: Server;
  let api = '';
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const send = (code: number, data: unknown) =>
          res.end(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'no', data }));
        const b = body ? JSON.parse(body) : {};
        seen.push(req.url ?? '');
        if (req.url === '/api/sys/user/publicKey') return send(200, { publicKey, expiresInMs: 600_000 });
        if (req.url === '/api/sys/user/login') {
          const ok = b.username === 'admin' && open(b.password, b.aesKey, b.iv) === 'right' && b.type === 'pc';
          return ok ? send(200, { accessToken: 'tok', expiresAt: Date.now() + 1e6 }) : send(400101, null);
        }
        if (req.headers.authorization !== 'Bearer tok') return send(401, null);
        if (req.url === '/api/business/station')
          return send(200, [
            {
              kind: 'province',
              id: 'province:44',
              code: '44',
              name: 'Guangdong',
              children: [{ kind: 'station', ...station }],
            },
          ]);
        if (req.url === '/api/business/device/treeTrueDevices' && b.stationId === 5)
          return send(200, [{ ...devices[0], children: devices.slice(1) }]);
        if (req.url === '/api/business/device/credentials') {
          const d = devices.find((x) => x.id === b.deviceId);
          return send(200, { username: d?.sn, password: `pw-${b.deviceId}` });
        }
        send(404, null);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    api = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('signs in with the sealed password and collects stations and device secrets', async () => {
    const fleet = await fetchPlatformFleet(api, 'admin', 'right');
    expect(fleet.stations).toEqual([
      {
        id: 5,
        code: 'GD-GZ01',
        type: 'operating',
        ratedPowerKw: 100,
        capacityKwh: 215,
        latitude: 22.8016,
        longitude: 113.5253,
        timezone: 'Asia/Shanghai',
      },
    ]);
    expect(fleet.credentials.size).toBe(devices.length);
    expect(fleet.credentials.get('GD-GZ01-EMS')).toBe('pw-100');
  });

  it('reports the platform message when sign-in fails', async () => {
    await expect(fetchPlatformFleet(api, 'admin', 'wrong')).rejects.toThrow(/login.*400101/);
  });
});
