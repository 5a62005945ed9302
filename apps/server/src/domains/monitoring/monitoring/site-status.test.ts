import type { StationType } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import type { SiteDevice } from './site-overview.repository';
import { siteStatus, withAlarms } from './site-status';

let nextId = 1;
const device = (
  type: SiteDevice['type'],
  status: SiteDevice['status'],
  lastSeenAt: number | null,
  runState?: number,
) => {
  const id = nextId++;
  return {
    device: {
      id,
      stationId: 1,
      type,
      status,
      lastSeenAt,
      points: new Map(runState === undefined ? [] : [['runState', id]]),
    },
    runState,
  };
};

function status(list: ReturnType<typeof device>[], type: StationType = 'operating') {
  const values = new Map(list.map((d) => [d.device.id, d.runState ?? null]));
  return siteStatus(
    type,
    list.map((d) => d.device),
    (id) => (id === undefined ? null : (values.get(id) ?? null)),
  );
}

describe('site status', () => {
  it('is offline without devices, or when the EMS never reported', () => {
    expect(status([])).toEqual({ status: 'offline', since: null });
    expect(status([device('ems', 'offline', null), device('pcs', 'online', 5)])).toEqual({
      status: 'offline',
      since: null,
    });
  });

  it('is lost when the EMS stopped reporting, since its last sign of life', () => {
    expect(status([device('ems', 'offline', 1000), device('cabinet', 'online', 900, 2)])).toEqual({
      status: 'lost',
      since: 1000,
    });
  });

  it('is offline when every storage unit is, fault when an online one reports a fault, else normal', () => {
    const ems = () => device('ems', 'online', 5000);
    expect(status([ems(), device('pcs', 'offline', 300, 0), device('pcs', 'offline', 400, 0)])).toEqual({
      status: 'offline',
      since: 400,
    });
    expect(status([ems(), device('pcs', 'online', 10, 2), device('pcs', 'online', 10, 3)]).status).toBe('fault');
    // A fault reported before the unit went offline does not count.
    expect(status([ems(), device('pcs', 'online', 10, 2), device('pcs', 'offline', 10, 3)]).status).toBe('normal');
    // Cabinets are the storage units where a station has them.
    expect(status([ems(), device('cabinet', 'online', 10, 1), device('pcs', 'offline', 10, 3)]).status).toBe('normal');
  });

  it('is under construction or proposed for such a station, whatever its devices report', () => {
    expect(status([], 'proposed')).toEqual({ status: 'proposed', since: null });
    expect(status([device('ems', 'offline', null), device('pcs', 'offline', null)], 'construction')).toEqual({
      status: 'construction',
      since: null,
    });
    // Commissioning: devices of a station under construction may report, even lose contact.
    expect(status([device('ems', 'offline', 1000), device('pcs', 'online', 900, 3)], 'construction')).toEqual({
      status: 'construction',
      since: null,
    });
  });
});

describe('site status with alarms', () => {
  it('turns a normal site with an active critical alarm into a fault, and changes nothing else', () => {
    expect(withAlarms('normal', 1)).toBe('fault');
    expect(withAlarms('normal', 2)).toBe('normal');
    expect(withAlarms('normal', null)).toBe('normal');
    expect(withAlarms('lost', 1)).toBe('lost');
    expect(withAlarms('offline', 1)).toBe('offline');
    expect(withAlarms('construction', 1)).toBe('construction');
  });
});
