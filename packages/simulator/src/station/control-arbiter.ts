import { type ControlSource, controlSourceCode, overrides } from '@ess/contract';

/** The EMS's state that decides the station's own source (before any unit's). */
export type StationControlState = {
  /** `runControl` 0: the EMS holds storage idle (local control at the site's EMS). */
  emsStopped: boolean;
  /** A station `pSet` in force. */
  stationSetpoint: boolean;
  /** `EMS_MODE` selected: 0 manual, 1 strategy, 2 plan curve. */
  mode: 'manual' | 'strategy' | 'planCurve';
};

/** What the EMS itself follows (docs/control-precedence.md). */
export function stationOwnSource(s: StationControlState): ControlSource {
  if (s.emsStopped) return 'local';
  if (s.stationSetpoint) return 'setpoint';
  if (s.mode === 'planCurve') return 'planCurve';
  if (s.mode === 'strategy') return 'tou';
  return 'none';
}

/** One unit's state that can override the station's source for that unit. */
export type UnitControlState = { fault: boolean; running: boolean; setpoint: boolean };

/** What decides one unit's power: protection, then the EMS stop, then its own setpoint, then the station's. */
export function unitSource(u: UnitControlState, station: ControlSource): ControlSource {
  if (u.fault) return 'protection';
  if (station === 'local') return 'local';
  if (u.setpoint) return 'setpoint';
  if (!u.running) return 'none';
  return station;
}

/**
 * The station's source as it is: the highest source among its units that can work — a plan is
 * in control only when every working unit follows it. Units held by their protection keep it
 * to themselves (the others go on); only when none can work is the station's source theirs.
 */
export function stationSource(
  own: ControlSource,
  units: { source: ControlSource; available: boolean }[],
): ControlSource {
  const working = units.filter((u) => u.available);
  if (working.length === 0) return units.some((u) => u.source === 'protection') ? 'protection' : own;
  return working.reduce<ControlSource>((top, u) => (overrides(u.source, top) ? u.source : top), own);
}

/** A source and the instant it took control; `since` moves only when the source changes. */
export class SourceClock {
  source: ControlSource = 'none';
  sinceMs: number;

  constructor(startMs: number) {
    this.sinceMs = startMs;
  }

  update(source: ControlSource, t: Date): void {
    // The first decision sets `since` even when it is the initial source.
    if (source === this.source && this.sinceMs > 0) return;
    this.source = source;
    this.sinceMs = t.getTime();
  }

  /** The `ctrlSource` and `ctrlSince` (epoch seconds) points. */
  readings(): { ctrlSource: number; ctrlSince: number } {
    return { ctrlSource: controlSourceCode(this.source), ctrlSince: Math.floor(this.sinceMs / 1000) };
  }
}
