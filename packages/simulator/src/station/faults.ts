/** Faults that can be injected on demand so that alarms and work orders can be exercised. */
export const FAULT_KINDS = ['overTemperature', 'cellOverVoltage', 'commLoss'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const isFaultKind = (s: string): s is FaultKind => (FAULT_KINDS as readonly string[]).includes(s);

/** A fault to start on a device: `<sn>:<kind>[:seconds]`. */
export type FaultRequest = { sn: string; kind: FaultKind; seconds: number };

/** Reads `<sn>:<kind>[:seconds]` (seconds default 300), or says what is wrong with it. */
export function parseFaultRequest(v: string): FaultRequest | { problem: string } {
  const [sn = '', kind = '', seconds = '300'] = v.trim().split(':');
  if (!sn || !isFaultKind(kind)) return { problem: `expected <sn>:<${FAULT_KINDS.join('|')}>[:seconds], got ${v}` };
  const s = Number(seconds);
  if (!(s > 0)) return { problem: `seconds must be positive, got ${seconds}` };
  return { sn, kind, seconds: s };
}

/** Which device types each fault applies to: cell faults need a battery, any device can go silent. */
export const FAULT_TARGETS: Record<FaultKind, readonly string[] | 'any'> = {
  overTemperature: ['bms', 'cabinet'],
  cellOverVoltage: ['bms', 'cabinet'],
  commLoss: 'any',
};

/** Active faults of a station: (serial, kind) → end time, epoch ms. */
export class FaultBook {
  private readonly until = new Map<string, number>();

  inject(sn: string, kind: FaultKind, seconds: number, t: Date): void {
    this.until.set(`${sn}|${kind}`, t.getTime() + seconds * 1000);
  }

  active(sn: string, kind: FaultKind, t: Date): boolean {
    const end = this.until.get(`${sn}|${kind}`);
    return end !== undefined && t.getTime() < end;
  }
}
