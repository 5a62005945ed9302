import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, type TestBroker } from './testing/test-broker';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('cli', { timeout: 30_000 }, () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startTestBroker('anonymous');
  });
  afterAll(async () => {
    await broker.close();
  });

  it('prints its usage with --help and exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--backfill');
  });

  it('exits 2 on a bad option', async () => {
    const r = await run(['--stations', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--stations');
  });

  it('exits 2 on an unknown option, naming it above the usage', async () => {
    const r = await run(['--stations', '1', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^unknown option --bogus\n\nStation simulator/);
    expect(r.stderr).toContain('--backfill');
  });

  it('exits 2 on an option without its value', async () => {
    const r = await run(['--url']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^--url needs a value\n/);
  });

  it('exits 1 when no broker answers', async () => {
    const r = await run(['--url', 'mqtt://127.0.0.1:1', '--duration', '1s']);
    expect(r.code).toBe(1);
  });

  it('runs synthetic stations for a while and prints a JSON summary', async () => {
    const r = await run(['--url', broker.url, '--stations', '2', '--interval', '200ms', '--duration', '1s', '--json']);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ stations: 2, errors: 0 });
    expect(summary.messages).toBeGreaterThan(0);
    expect(summary.acked).toBe(summary.messages);
    expect(broker.published.some((p) => p.topic.startsWith('ess/SIM-0002/'))).toBe(true);
  }, 30_000);

  it('backfills history with past timestamps as arrays, reporting progress', async () => {
    const before = Date.now();
    const r = await run([
      '--url',
      broker.url,
      '--stations',
      '1',
      '--backfill',
      '2h',
      '--backfill-step',
      '5m',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/backfill .* points\/s/);
    const summary = JSON.parse(r.stdout);
    expect(summary.backfill.samples).toBeGreaterThan(0);
    const arrays = broker.published
      .filter((p) => p.topic === 'ess/SIM-0001/SIM-0001-MTR-GW/telemetry' && p.payload.startsWith('['))
      .map((p) => JSON.parse(p.payload) as { ts: number }[]);
    const oldest = Math.min(...arrays.flat().map((m) => m.ts));
    expect(oldest).toBeLessThan(before - 1.5 * 3_600_000);
  }, 30_000);
});
