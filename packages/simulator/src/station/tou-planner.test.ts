import { EXAMPLE_TOU_SEGMENTS, type TouSegment } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_TOU } from '../testing/demo-stations';
import type { StrategyParams } from './station-profile';
import { type PlanUnit, TouPlanner } from './tou-planner';
import { cyclesPerDay, scheduledIntent, touWindows } from './tou-schedule';

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const shape = (segments: TouSegment[]) =>
  touWindows(segments).map((w) => `${w.intent} ${hm(w.start)}+${w.length / 60}h`);

describe('touWindows', () => {
  it('finds two cycles in two-peak cuts: valley charge, flat (or midday valley) recharge between the peaks', () => {
    expect(shape(EXAMPLE_TOU_SEGMENTS)).toEqual([
      'charge 00:00+8h',
      'discharge 08:00+3h',
      'charge 11:00+6h',
      'discharge 17:00+4h',
      'idle 21:00+3h',
    ]);
    expect(shape(DEMO_TOU.GD)).toEqual([
      'charge 00:00+8h',
      'idle 08:00+2h',
      'discharge 10:00+2h',
      'charge 12:00+2h',
      'discharge 14:00+5h',
      'idle 19:00+5h',
    ]);
    // Zhejiang's night valley runs across midnight.
    expect(shape(DEMO_TOU.ZJ)).toEqual([
      'charge 22:00+10h',
      'discharge 08:00+3h',
      'charge 11:00+2h',
      'discharge 13:00+9h',
    ]);
    for (const cut of [EXAMPLE_TOU_SEGMENTS, DEMO_TOU.JS, DEMO_TOU.GD, DEMO_TOU.ZJ])
      expect(cyclesPerDay(touWindows(cut))).toBe(2);
  });

  it('finds one cycle in a one-peak cut and none without a peak', () => {
    const onePeak: TouSegment[] = [
      { start: '00:00', end: '07:00', period: 'valley' },
      { start: '07:00', end: '16:00', period: 'flat' },
      { start: '16:00', end: '21:00', period: 'peak' },
      { start: '21:00', end: '24:00', period: 'flat' },
    ];
    expect(shape(onePeak)).toEqual(['charge 00:00+7h', 'idle 07:00+9h', 'discharge 16:00+5h', 'idle 21:00+3h']);
    expect(cyclesPerDay(touWindows(onePeak))).toBe(1);
    const flat: TouSegment[] = [{ start: '00:00', end: '24:00', period: 'flat' }];
    expect(cyclesPerDay(touWindows(flat))).toBe(0);
    expect(scheduledIntent(touWindows(flat), 600)).toBe('idle');
  });
});

const strategy = (o: Partial<StrategyParams> = {}): StrategyParams => ({
  socMinPct: 10,
  socMaxPct: 90,
  reservePct: 0,
  style: 'even',
  fixedShare: 1,
  chargeDelayMin: 0,
  chargeMarginMin: 0,
  dischargeDelayMin: 0,
  powerStepKw: 10,
  demandLimitKw: 1e9,
  ...o,
});
const unit = (o: Partial<PlanUnit> = {}): PlanUnit => ({
  ratedKw: 100,
  usableKwh: 200,
  chargeableKwh: 0,
  dischargeableKwh: 0,
  ...o,
});
const at = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

describe('TouPlanner', () => {
  it('spreads a discharge over the peak, sharp hours first', () => {
    const p = new TouPlanner(touWindows(DEMO_TOU.GD), strategy());
    // 150 kWh for 10:00–12:00: the sharp hour at full power, the rest over the peak hour.
    expect(p.plan(at('10:00'), 0, [unit({ dischargeableKwh: 150 })])).toBe(50);
    p.reset();
    expect(p.plan(at('11:00'), 0, [unit({ dischargeableKwh: 100 })])).toBe(100);
    // Little energy: all of it in the sharp hours, none in the peak before them.
    p.reset();
    expect(p.plan(at('14:00'), 0, [unit({ dischargeableKwh: 120 })])).toBe(0);
    p.reset();
    expect(p.plan(at('15:00'), 0, [unit({ dischargeableKwh: 120 })])).toBe(60);
  });

  it('charges evenly between the delay and the margin, in power steps, and holds a quarter hour', () => {
    const p = new TouPlanner(touWindows(EXAMPLE_TOU_SEGMENTS), strategy({ chargeDelayMin: 60, chargeMarginMin: 60 }));
    expect(p.plan(at('00:30'), 0, [unit({ chargeableKwh: 500 })])).toBe(0);
    p.reset();
    // 500 kWh over 6 hours: 83.3 kW, rounded up to 90.
    expect(p.plan(at('01:00'), 0, [unit({ chargeableKwh: 500 })])).toBe(-90);
    expect(p.plan(at('01:05'), 5 * 60_000, [unit({ chargeableKwh: 10 })])).toBe(-90);
    // Re-planned at the quarter: 100 kWh left over 5.75 hours.
    expect(p.plan(at('01:15'), 15 * 60_000, [unit({ chargeableKwh: 100 })])).toBe(-20);
    expect(p.plan(at('01:30'), 30 * 60_000, [unit({ chargeableKwh: 5 })])).toBe(0);
    p.reset();
    expect(p.plan(at('07:10'), 0, [unit({ chargeableKwh: 500 })])).toBe(0);
    // Idle in the flat evening, and the midday flat between two peaks recharges.
    p.reset();
    expect(p.plan(at('22:00'), 0, [unit({ dischargeableKwh: 100, chargeableKwh: 100 })])).toBe(0);
    p.reset();
    expect(p.plan(at('12:00'), 0, [unit({ chargeableKwh: 600 })])).toBe(-100);
  });

  it('keeps the reserve for demand shaving', () => {
    const p = new TouPlanner(touWindows(EXAMPLE_TOU_SEGMENTS), strategy({ reservePct: 10 }));
    // 20 kWh of 80 kept (10 % of 200 kWh): 60 kWh over the 4-hour evening peak.
    expect(p.plan(at('17:00'), 0, [unit({ dischargeableKwh: 80 })])).toBe(20);
    p.reset();
    expect(p.plan(at('17:00'), 0, [unit({ dischargeableKwh: 15 })])).toBe(0);
  });
});
