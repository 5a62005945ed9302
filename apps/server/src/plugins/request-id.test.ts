import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase } from '../test/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type LogLine = { level: number; msg: string; reqId?: string; [k: string]: unknown };

let dir: string;
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
const lines: string[] = [];
const logged = (): LogLine[] => lines.map((l) => JSON.parse(l) as LogLine);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ess-reqid-'));
  let env: Record<string, string>;
  ({ database, env, drop } = await createTestDatabase(dir));
  // The real app with its real logger, at debug, writing into `lines`.
  app = await buildApp({
    env: loadEnv({ ...process.env, ...env, TELEMETRY: 'off', WEB_DIST: '/nonexistent', LOG_REQUESTS: 'off' }),
    database,
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
  });
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

const health = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/health', headers });

describe('request ids', () => {
  it('echoes a sane x-request-id', async () => {
    for (const id of ['abc-123', 'A.b_C-9', 'x'.repeat(64)]) {
      const res = await health({ 'x-request-id': id });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('generates one when none is given, a new one per request', async () => {
    const a = (await health()).headers['x-request-id'];
    const b = (await health()).headers['x-request-id'];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('replaces an id that is too long or could forge log text', async () => {
    for (const bad of ['x'.repeat(65), 'a b', '{"level":60}', 'id;rm -rf', '<script>', '']) {
      const res = await health({ 'x-request-id': bad });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    // Repeated headers arrive as one joined value: replaced too.
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': ['a', 'b'] } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('carries the id into error logs and error answers, without the caller’s secrets', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/boom',
      headers: { 'x-request-id': 'trace-500', authorization: 'Bearer secret-token-xyz', cookie: 'sid=cookie-secret' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-500');
    expect(res.json()).toMatchObject({ code: 500, data: null });
    const error = logged().find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 50, reqId: 'trace-500' });
    const all = lines.join('\n');
    expect(all).not.toContain('secret-token-xyz');
    expect(all).not.toContain('cookie-secret');
    // A 404 answer carries its id too.
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'trace-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('trace-404');
  });

  it('never logs the one-time sign-in values a page address carries', async () => {
    lines.length = 0;
    const secrets = ['screen-token-in-the-query', 'visual-code-in-the-query', 'big-token-in-the-query'];
    for (const url of [
      `/login?token=${secrets[0]}&redirect=%2Fsurveillance%2Fsite-homepage`,
      `/auth-redirect?redirect=%2F&code=${secrets[1]}`,
      `/api/nowhere?bigToken=${secrets[2]}`,
    ]) {
      await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'trace-query' } });
    }
    const mine = logged().filter((l) => l.reqId === 'trace-query');
    expect(mine.some((l) => l.msg === 'incoming request')).toBe(true);
    const all = lines.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    // The rest of the address stays readable.
    expect(all).toContain('/login?token=%5Bredacted%5D&redirect=%2Fsurveillance%2Fsite-homepage');
  });

  it('logs each request at debug only (LOG_REQUESTS off), with its id', async () => {
    lines.length = 0;
    await health({ 'x-request-id': 'trace-quiet' });
    const mine = logged().filter((l) => l.reqId === 'trace-quiet');
    expect(mine.map((l) => l.msg).sort()).toEqual(['incoming request', 'request completed']);
    // pino levels: 20 debug, 30 info. Nothing per request at info.
    expect(mine.every((l) => l.level === 20)).toBe(true);
  });
});
