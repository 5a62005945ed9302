/** Faults that can be injected on demand so that alarms and work orders can be exercised. */
export const FAULT_KINDS = ['overTemperature', 'cellOverVoltage', 'commLoss'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const isFaultKind = (s: string): s is FaultKind => (FAULT_KINDS as readonly string[]).includes(s);

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
