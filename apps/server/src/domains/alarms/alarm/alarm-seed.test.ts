import { CELL_LIMITS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { defaultDefinitions } from './alarm-seed';

describe('default alarm definitions', () => {
  it('recover at the warning limit, with deadbands as written in the limits (no float noise)', () => {
    const defs = defaultDefinitions();
    expect(defs.length).toBeGreaterThan(0);
    for (const d of defs) expect(d.deadband, d.seedKey).toBe(Number(d.deadband.toFixed(6)));
    const cellHigh = defs.find((d) => d.seedKey === 'bms.cellVmax.high');
    expect(cellHigh?.threshold).toBe(CELL_LIMITS.cellVmax.alarmAbove);
    // Raised above 3.65 V, recovered below the 3.6 V warning limit.
    expect(cellHigh?.deadband).toBe(0.05);
  });
});
