import { DEVICE_FAULT_STATES, type SITE_STATUSES, type StationType } from '@ess/contract';
import type { SiteDevice } from './site-overview.repository';

export type SiteStatus = (typeof SITE_STATUSES)[number];

/** A site that communicates: its live values are current (not the last ones before it went quiet). */
export const communicates = (status: SiteStatus): boolean => status === 'normal' || status === 'fault';

/**
 * A site's status (spec 4, domain.md "Communication status"). A station under construction or
 * proposed is not expected to communicate: it has that status whatever its devices do. A station
 * in operation is lost contact when its EMS — the gateway to the platform — stopped reporting
 * after it once did; offline when it has no devices, its EMS never reported, or every storage
 * unit (cabinet or PCS) is offline; fault shutdown when an online storage unit reports a fault
 * state; else normal. `since` is when it went offline or lost (the newest sign of life), null
 * otherwise.
 */
export function siteStatus(
  stationType: StationType,
  devices: SiteDevice[],
  valueAt: (pointId: number | undefined) => number | null,
): { status: SiteStatus; since: number | null } {
  if (stationType !== 'operating') return { status: stationType, since: null };
  const newest = (ds: SiteDevice[]) =>
    ds.reduce<number | null>(
      (t, d) => (d.lastSeenAt !== null && (t === null || d.lastSeenAt > t) ? d.lastSeenAt : t),
      null,
    );
  const ems = devices.filter((d) => d.type === 'ems');
  const cabinets = devices.filter((d) => d.type === 'cabinet');
  const units = cabinets.length ? cabinets : devices.filter((d) => d.type === 'pcs');
  if (devices.length === 0) return { status: 'offline', since: null };
  if (ems.length && ems.every((d) => d.status === 'offline')) {
    const seen = newest(ems);
    return { status: seen === null ? 'offline' : 'lost', since: seen };
  }
  if (units.length && units.every((d) => d.status === 'offline')) return { status: 'offline', since: newest(units) };
  const fault = units.some((d) => {
    const rule = DEVICE_FAULT_STATES[d.type];
    const v = rule ? valueAt(d.points.get(rule.code)) : null;
    return d.status === 'online' && rule !== undefined && v !== null && rule.values.includes(v);
  });
  return { status: fault ? 'fault' : 'normal', since: null };
}

/**
 * Spec 4 with alarms taken into account: a site that communicates normally but has an active
 * critical (level 1) alarm is shown as in fault; every other status already says more.
 */
export function withAlarms(status: SiteStatus, worstActiveLevel: number | null): SiteStatus {
  return status === 'normal' && worstActiveLevel === 1 ? 'fault' : status;
}
