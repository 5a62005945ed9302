import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../cli/cli-args';
import { Pcs } from '../devices/pcs';
import { demoStation } from '../testing/demo-stations';
import { CommandBehaviours, parseCommandBehaviour, SIMULATED_FAILURE } from './command-behaviour';
import { StationModel } from './station-model';

const START = new Date('2025-07-07T02:00:00Z');

function pcsStation() {
  const m = new StationModel(demoStation('JS-SZ01'), { seed: 3, start: START });
  const pcs = m.devices.find((d): d is Pcs => d instanceof Pcs);
  if (!pcs) throw new Error('JS-SZ01 has no PCS');
  return { m, pcs, sn: pcs.layout.sn };
}

describe('command behaviours', () => {
  it('answers normally by default, executing the command', () => {
    const b = new CommandBehaviours();
    let ran = 0;
    expect(
      b.answer('A', 'c1', () => {
        ran++;
        return { status: 'success' };
      }),
    ).toEqual({ id: 'c1', status: 'success' });
    expect(ran).toBe(1);
  });

  it('fails or stays silent without executing, per device or for all; * resets per-device settings', () => {
    const b = new CommandBehaviours();
    let ran = 0;
    const exec = () => {
      ran++;
      return { status: 'success' as const };
    };
    b.set('A', 'fail');
    expect(b.answer('A', 'c1', exec)).toEqual({ id: 'c1', status: 'failure', message: SIMULATED_FAILURE });
    expect(b.answer('B', 'c2', exec)).toEqual({ id: 'c2', status: 'success' });
    b.set('*', 'silent');
    expect(b.answer('A', 'c3', exec)).toBeNull();
    expect(b.answer('B', 'c4', exec)).toBeNull();
    expect(ran).toBe(1);
    b.set('*', 'normal');
    expect(b.of('A')).toBe('normal');
  });

  it('parses the CLI forms and refuses others', () => {
    expect(parseCommandBehaviour('fail')).toEqual({ target: '*', behaviour: 'fail' });
    expect(parseCommandBehaviour('PCS-1=silent')).toEqual({ target: 'PCS-1', behaviour: 'silent' });
    expect(() => parseCommandBehaviour('explode')).toThrow(/normal\|fail\|silent/);
    expect(() => parseCommandBehaviour('=fail')).toThrow();
    expect(parseCliArgs(['--commands', 'silent', '--commands', 'X=fail']).commandBehaviours).toEqual([
      { target: '*', behaviour: 'silent' },
      { target: 'X', behaviour: 'fail' },
    ]);
    expect(() => parseCliArgs(['--commands', 'maybe'])).toThrow(UsageError);
  });
});

describe('PCS DC breaker and start/stop within the physics', () => {
  it('starts closed and running, so nothing changes unless told', () => {
    const { pcs } = pcsStation();
    expect(pcs.readings().dcBreakerState).toBe(1);
    expect(pcs.running).toBe(true);
  });

  it('refuses to open the breaker under a running PCS and to start on an open breaker', () => {
    const { m, pcs, sn } = pcsStation();
    expect(m.command(sn, { dcBreaker: 0 }, START)).toMatchObject({ status: 'failure', message: /PCS running/ });
    expect(pcs.readings().dcBreakerState).toBe(1);

    expect(m.command(sn, { startStop: 0 }, START)).toEqual({ status: 'success' });
    m.step(60, new Date(START.getTime() + 60_000));
    expect(pcs.readings().runState).toBe(4);
    expect(pcs.readings().p).toBe(0);

    expect(m.command(sn, { dcBreaker: 0 }, START)).toEqual({ status: 'success' });
    expect(pcs.readings().dcBreakerState).toBe(0);
    expect(m.command(sn, { startStop: 1 }, START)).toEqual({ status: 'failure', message: 'DC breaker open' });
    expect(pcs.running).toBe(false);

    // Closing and starting in one command is allowed: the breaker closes first.
    expect(m.command(sn, { dcBreaker: 1, startStop: 1 }, START)).toEqual({ status: 'success' });
    expect(pcs.readings().dcBreakerState).toBe(1);
    expect(pcs.running).toBe(true);
  });

  it('follows a power setpoint once started', () => {
    const { m, pcs, sn } = pcsStation();
    const t = new Date(START.getTime() + 60_000);
    expect(m.command(sn, { pSet: -200 }, START)).toEqual({ status: 'success' });
    m.step(60, t);
    expect(pcs.readings().p).toBeCloseTo(-200, 0);
    expect(pcs.readings().runState).toBe(1);
  });
});
