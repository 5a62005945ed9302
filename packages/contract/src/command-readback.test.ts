import { describe, expect, it } from 'vitest';
import { COMMAND_READBACK, commandReading } from './command-readback';
import { DEVICE_MODELS } from './device-catalog';

describe('command readback', () => {
  it('reads every command point of the storage models from a point the same model reports', () => {
    for (const model of DEVICE_MODELS.filter((m) => ['pcs', 'cabinet'].includes(m.type))) {
      const reported = new Set(
        model.points.filter((p) => p.kind === 'telemetry' || p.kind === 'status').map((p) => p.code),
      );
      for (const p of model.points.filter((q) => q.kind === 'setpoint' || q.kind === 'control')) {
        expect(reported.has(COMMAND_READBACK[p.code]?.code ?? ''), `${model.code} ${p.code}`).toBe(true);
      }
    }
  });

  it('turns a run state into start/stop, and says nothing of a fault', () => {
    expect(commandReading('startStop', { runState: 2 })?.value).toBe(1);
    expect(commandReading('startStop', { runState: 4 })?.value).toBe(0);
    expect(commandReading('startStop', { runState: 3 })).toMatchObject({ value: null, reading: 3 });
    expect(commandReading('pSet', { p: -250 })).toMatchObject({ value: -250, measured: true });
    expect(commandReading('pSet', {})).toBeNull();
  });
});
