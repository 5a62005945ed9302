import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from './cli-args';
import { parseDuration } from './durations';

describe('parseDuration', () => {
  it('reads the units of the CLI', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('10s')).toBe(10_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('30d')).toBe(30 * 86_400_000);
    expect(parseDuration('7')).toBe(7000);
    expect(parseDuration('ten')).toBeNull();
  });
});

describe('parseCliArgs', () => {
  it('defaults to one synthetic station on the local broker', () => {
    const a = parseCliArgs([]);
    expect(a).toMatchObject({ url: 'mqtt://127.0.0.1:1883', stations: 1, intervalMs: 10_000, api: null, json: false });
  });

  it('reads every option, with values after a space or an equals sign', () => {
    const a = parseCliArgs([
      '--url=mqtt://broker:1884',
      '--api',
      'http://localhost:8080',
      '--user',
      'admin',
      '--password',
      'pw',
      '--backfill',
      '30d',
      '--backfill-step',
      '1m',
      '--fault',
      'JS-SZ01-BMS-1-1:overTemperature:120',
      '--fault',
      'GD-GZ01-EMS:commLoss',
      '--duration',
      '60s',
      '--json',
    ]);
    expect(a.url).toBe('mqtt://broker:1884');
    expect(a.api).toEqual({ url: 'http://localhost:8080', user: 'admin', password: 'pw' });
    expect(a.backfillMs).toBe(30 * 86_400_000);
    expect(a.backfillStepS).toBe(60);
    expect(a.faults).toEqual([
      { sn: 'JS-SZ01-BMS-1-1', kind: 'overTemperature', seconds: 120 },
      { sn: 'GD-GZ01-EMS', kind: 'commLoss', seconds: 300 },
    ]);
    expect(a.durationMs).toBe(60_000);
    expect(a.json).toBe(true);
  });

  it('refuses what it cannot honour', () => {
    for (const argv of [
      ['--bogus'],
      ['--stations', '0'],
      ['--interval', 'soon'],
      ['--fault', 'X:meltdown'],
      ['--api', 'http://x'],
      ['--user', 'admin'],
      ['--url', 'http://not-mqtt'],
      ['--stations'],
    ]) {
      expect(() => parseCliArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('names an unknown option, and an argument that is no option', () => {
    expect(() => parseCliArgs(['--json', '--bogus'])).toThrow(new UsageError('unknown option --bogus'));
    expect(() => parseCliArgs(['-x'])).toThrow(new UsageError('unknown option -x'));
    expect(() => parseCliArgs(['stray'])).toThrow(new UsageError('unknown option stray'));
  });

  it('names an option whose value is missing, or that takes none', () => {
    expect(() => parseCliArgs(['--seed', '3', '--stations'])).toThrow(new UsageError('--stations needs a value'));
    // The next option is not taken for the value; one starting with a dash goes after '='.
    expect(() => parseCliArgs(['--api', '--user', 'admin'])).toThrow(/^--api needs a value/);
    expect(() => parseCliArgs(['--seed', '-3'])).toThrow(/^--seed needs a value/);
    expect(parseCliArgs(['--seed=-3']).seed).toBe(-3);
    expect(() => parseCliArgs(['--json=yes'])).toThrow(new UsageError('--json takes no value'));
  });

  it('reads -h as --help, and the last of a repeated single option', () => {
    expect(parseCliArgs(['-h']).help).toBe(true);
    expect(parseCliArgs(['--interval', '5s', '--interval', '20s']).intervalMs).toBe(20_000);
  });
});
