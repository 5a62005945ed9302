import type { SiteConfig } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { answerConfig, isConfigCommand } from './config-command';

const config: SiteConfig = {
  stationCode: 'S1',
  version: 1,
  virtualDevices: [{ sn: 'S1-VIRT', name: 'Totals', points: [{ code: 'p', formula: 'sum(type:pcs.p)' }] }],
  devices: [
    {
      sn: 'S1-EMS',
      name: 'EMS',
      type: 'ems',
      model: 'EMS-3000',
      parentSn: null,
      reportIntervalS: 10,
      points: [{ code: 'cpu', scale: 1, offset: 0 }],
    },
  ],
  meterRoles: { gateway: 'S1-MTR' },
  tou: null,
};

describe('a configuration push answered by the simulated EMS', () => {
  it('acknowledges a valid configuration with success', () => {
    const cmd = { id: 'c1', ts: 1, points: {}, kind: 'configSync' as const, config };
    expect(isConfigCommand(cmd)).toBe(true);
    expect(answerConfig(cmd)).toEqual({ id: 'c1', status: 'success' });
  });

  it('refuses an invalid one with a message naming the problem', () => {
    const bad = { ...config, devices: [{ ...config.devices[0], points: [{ code: 'cpu', scale: 0, offset: 0 }] }] };
    const ack = answerConfig({ id: 'c2', ts: 1, points: {}, kind: 'configSync', config: bad });
    expect(ack).toMatchObject({ id: 'c2', status: 'failure' });
    expect(ack.message).toMatch(/^invalid config: devices\.0\.points\.0\.scale/);
    expect(answerConfig({ id: 'c3', ts: 1, points: {}, kind: 'virtualSync' })).toMatchObject({
      status: 'failure',
      message: 'no config in the command',
    });
  });

  it('leaves point commands to the device model', () => {
    expect(isConfigCommand({ id: 'c4', ts: 1, points: { pSet: 10 } })).toBe(false);
  });
});
