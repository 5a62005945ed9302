import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from './s3-storage';
import { EMPTY_SHA256, signRequest } from './sigv4';

const creds = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('SigV4', () => {
  it('signs AWS’s published GET Object example to its published signature', () => {
    const headers = signRequest(creds, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      now: new Date(Date.UTC(2013, 4, 24)),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A tiny S3 stand-in: checks each request's signature and body hash, keeps objects in memory. */
function s3Stub(objects: Map<string, Buffer>, refused: string[]): Server {
  const verify = (req: IncomingMessage, url: URL) => {
    const auth = req.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const date = req.headers['x-amz-date'] as string;
    const headers = Object.fromEntries(
      signed
        .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
        .map((h) => [h, String(req.headers[h])]),
    );
    const now = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const expected = signRequest(creds, {
      method: req.method ?? 'GET',
      url,
      headers,
      payloadHash: req.headers['x-amz-content-sha256'] as string,
      now,
    });
    return expected.authorization === auth;
  };
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    if (!verify(req, url)) {
      refused.push(`${req.method} signature`);
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const key = url.pathname;
    if (req.method === 'PUT') {
      if (createHash('sha256').update(body).digest('hex') !== req.headers['x-amz-content-sha256']) {
        refused.push('PUT hash');
        res.writeHead(400).end('XAmzContentSHA256Mismatch');
        return;
      }
      objects.set(key, body);
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const data = objects.get(key);
      if (!data) return void res.writeHead(404).end();
      const m = /bytes=(\d+)-(\d+)/.exec(String(req.headers.range ?? ''));
      if (m) res.writeHead(206).end(data.subarray(Number(m[1]), Number(m[2]) + 1));
      else res.writeHead(200).end(data);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    }
  });
}

describe('S3 file storage', () => {
  let server: Server;
  let dir: string;
  const objects = new Map<string, Buffer>();
  const refused: string[] = [];
  let endpoint: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ess-s3-'));
    server = s3Stub(objects, refused);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const read = async (s: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('puts, reads whole and by range, and deletes objects with signed requests', async () => {
    const store = new S3FileStorage({ ...creds, endpoint, bucket: 'ess-files' });
    const data = Buffer.from('0123456789abcdef');
    const file = path.join(dir, 'incoming.part');
    writeFileSync(file, data);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const key = '2026/12/0b5c1c1e-58a1-4d8e-9a57-8cf1a1b8f0d1';
    await store.put(key, { path: file, size: data.length, sha256, contentType: 'text/plain; charset=utf-8' });
    expect(objects.get(`/ess-files/${key}`)).toEqual(data);
    expect(await read(await store.open(key))).toEqual(data);
    expect((await read(await store.open(key, { start: 3, end: 6 }))).toString()).toBe('3456');
    await store.remove(key);
    await expect(store.open(key)).rejects.toMatchObject({ status: 404 });
    expect(refused).toEqual([]);
  });

  it('is refused by the store when signed with another secret, and says the store is unavailable', async () => {
    const wrong = new S3FileStorage({ ...creds, secretAccessKey: 'not-the-secret', endpoint, bucket: 'ess-files' });
    await expect(wrong.open('2026/12/0b5c1c1e-58a1-4d8e-9a57-8cf1a1b8f0d1')).rejects.toMatchObject({ status: 503 });
    expect(refused).toEqual(['GET signature']);
  });
});
