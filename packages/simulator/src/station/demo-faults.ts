import { addDays, DEFAULT_TIMEZONE, localDateOf, zonedInstant } from '@ess/contract';
import { rngFor } from '../physics/random';
import { FAULT_TARGETS, type FaultKind } from './faults';

/**
 * The demo's own faults (issue 21 finding 9): without any setting, the built-in demo stations
 * now and then raise the alarms an operator meets in real plants, and recover from them. Each is
 * drawn from the seed, the station and the local day, so a test knows when they fall.
 */

/** What happens, in which local hours, on how many days in a hundred, for how long. */
type DemoFault = { kind: FaultKind; fromMin: number; spanMin: number; chance: number; seconds: number };

export const DEMO_FAULTS: readonly DemoFault[] = [
  // A rack runs hot in the afternoon heat, trips and cools down over the next hours.
  { kind: 'overTemperature', fromMin: 14 * 60, spanMin: 120, chance: 0.35, seconds: 15 * 60 },
  // A device drops off the network for a few minutes, any time of day.
  { kind: 'commLoss', fromMin: 0, spanMin: 24 * 60, chance: 0.6, seconds: 8 * 60 },
  // One cell drifts above its neighbours (cell imbalance) until balancing brings it back.
  { kind: 'cellOverVoltage', fromMin: 9 * 60, spanMin: 8 * 60, chance: 0.3, seconds: 10 * 60 },
];

/** A device as the schedule picks it: serial and device type. */
export type DemoDevice = { sn: string; type: string };
export type DemoStation = { code: string; timezone?: string; devices: readonly DemoDevice[] };
/** A fault that starts at `atMs` (epoch) and lasts `seconds`. */
export type ScheduledFault = { sn: string; kind: FaultKind; atMs: number; seconds: number };

/** The demo faults of a station on one local date (YYYY-MM-DD), earliest first. */
export function demoFaultsOn(station: DemoStation, seed: number, date: string): ScheduledFault[] {
  const tz = station.timezone ?? DEFAULT_TIMEZONE;
  const out: ScheduledFault[] = [];
  for (const f of DEMO_FAULTS) {
    const targets = FAULT_TARGETS[f.kind];
    const devices = station.devices.filter((d) => targets === 'any' || targets.includes(d.type));
    const rng = rngFor(seed, 'demo-fault', station.code, date, f.kind);
    if (devices.length === 0 || rng() >= f.chance) continue;
    const device = devices[Math.floor(rng() * devices.length)] as DemoDevice;
    const minute = f.fromMin + Math.floor(rng() * f.spanMin);
    out.push({ sn: device.sn, kind: f.kind, atMs: zonedInstant(date, minute, tz), seconds: f.seconds });
  }
  return out.sort((a, b) => a.atMs - b.atMs);
}

/** The demo faults that start after `fromMs` and no later than `toMs`. */
export function demoFaultsBetween(station: DemoStation, seed: number, fromMs: number, toMs: number): ScheduledFault[] {
  if (toMs <= fromMs) return [];
  const tz = station.timezone ?? DEFAULT_TIMEZONE;
  const out: ScheduledFault[] = [];
  const last = localDateOf(toMs, tz);
  for (let date = localDateOf(fromMs, tz); date <= last; date = addDays(date, 1)) {
    out.push(...demoFaultsOn(station, seed, date).filter((f) => f.atMs > fromMs && f.atMs <= toMs));
  }
  return out;
}

/** Starts on `model` the demo faults due since `fromMs` (each from its own start); returns them. */
export function startDemoFaults(
  model: { injectFault(sn: string, kind: FaultKind, seconds: number, t: Date): void },
  station: DemoStation,
  seed: number,
  fromMs: number,
  toMs: number,
): ScheduledFault[] {
  const due = demoFaultsBetween(station, seed, fromMs, toMs);
  for (const f of due) model.injectFault(f.sn, f.kind, f.seconds, new Date(f.atMs));
  return due;
}
