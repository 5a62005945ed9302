import { DEVICE_MODELS, MAX_SAMPLES_PER_MESSAGE } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('SIMULATOR_COMMANDS', () => {
  it('reads how devices answer commands, for all or one device', () => {
    expect(loadEnv({ SIMULATOR_COMMANDS: 'silent, JS-SZ01-PCS-1=fail' }).SIMULATOR_COMMANDS).toEqual([
      { target: '*', behaviour: 'silent' },
      { target: 'JS-SZ01-PCS-1', behaviour: 'fail' },
    ]);
    expect(loadEnv({}).SIMULATOR_COMMANDS).toEqual([]);
    expect(() => loadEnv({ SIMULATOR_COMMANDS: 'sometimes' })).toThrow(/SIMULATOR_COMMANDS: .*normal\|fail\|silent/);
  });
});

describe('SIMULATOR_DEMO_FAULTS', () => {
  it("runs the demo's own faults unless turned off", () => {
    expect(loadEnv({}).SIMULATOR_DEMO_FAULTS).toBe('on');
    expect(loadEnv({ SIMULATOR_DEMO_FAULTS: 'off' }).SIMULATOR_DEMO_FAULTS).toBe('off');
    expect(() => loadEnv({ SIMULATOR_DEMO_FAULTS: 'sometimes' })).toThrow(/SIMULATOR_DEMO_FAULTS/);
  });
});

describe('SIMULATOR_FAULTS', () => {
  it('reads faults to start as device, kind and seconds (300 s unless given)', () => {
    const env = loadEnv({ SIMULATOR_FAULTS: 'JS-SZ01-BMS-1-1:cellOverVoltage:3600, GD-GZ01-MTR-GW:commLoss' });
    expect(env.SIMULATOR_FAULTS).toEqual([
      { sn: 'JS-SZ01-BMS-1-1', kind: 'cellOverVoltage', seconds: 3600 },
      { sn: 'GD-GZ01-MTR-GW', kind: 'commLoss', seconds: 300 },
    ]);
    expect(loadEnv({}).SIMULATOR_FAULTS).toEqual([]);
  });

  it('refuses a start with a fault it cannot read, naming the variable and the entry', () => {
    expect(() => loadEnv({ SIMULATOR_FAULTS: 'X:meltdown' })).toThrow(/SIMULATOR_FAULTS: expected .*got X:meltdown/);
    expect(() => loadEnv({ SIMULATOR_FAULTS: 'X:commLoss:-5' })).toThrow(/SIMULATOR_FAULTS: seconds must be positive/);
  });
});

describe('INGEST_MAX_POINTS_PER_SAMPLE / _PER_MESSAGE', () => {
  it('default to room over the largest built-in model, and can be set', () => {
    const largest = Math.max(...DEVICE_MODELS.map((m) => m.points.length));
    const env = loadEnv({});
    expect(env.INGEST_MAX_POINTS_PER_SAMPLE).toBe(4 * largest);
    expect(env.INGEST_MAX_POINTS_PER_MESSAGE).toBe(MAX_SAMPLES_PER_MESSAGE * largest);
    expect(loadEnv({ INGEST_MAX_POINTS_PER_SAMPLE: '500' }).INGEST_MAX_POINTS_PER_SAMPLE).toBe(500);
    expect(() => loadEnv({ INGEST_MAX_POINTS_PER_MESSAGE: '0' })).toThrow(/INGEST_MAX_POINTS_PER_MESSAGE/);
  });
});

describe('PASSWORD_ARGON2_MEMORY_KIB / _PASSES', () => {
  it("default to OWASP's 19 MiB and 2 passes and refuse a cost below its minimum", () => {
    const env = loadEnv({});
    expect([env.PASSWORD_ARGON2_MEMORY_KIB, env.PASSWORD_ARGON2_PASSES]).toEqual([19456, 2]);
    const other = loadEnv({ PASSWORD_ARGON2_MEMORY_KIB: '12288', PASSWORD_ARGON2_PASSES: '3' });
    expect([other.PASSWORD_ARGON2_MEMORY_KIB, other.PASSWORD_ARGON2_PASSES]).toEqual([12288, 3]);
    expect(() => loadEnv({ PASSWORD_ARGON2_MEMORY_KIB: '12288', PASSWORD_ARGON2_PASSES: '2' })).toThrow(
      /below OWASP's minimum/,
    );
    expect(() => loadEnv({ PASSWORD_ARGON2_MEMORY_KIB: '4096' })).toThrow(/PASSWORD_ARGON2_MEMORY_KIB/);
  });
});
