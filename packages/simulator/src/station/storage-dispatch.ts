/** What one storage unit can do in the coming step (AC side, kW, both ≥ 0) and its own setpoint. */
export type UnitBounds = { chargeKw: number; dischargeKw: number; overrideKw: number | null };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Splits a station power target (> 0 discharge) among storage units. Units with their own
 * setpoint follow it; the rest share the remainder in proportion to what each can do, so
 * they reach their limits together. Then anti-backflow (防逆流): the net discharge never
 * exceeds `maxDischargeKw` (load − PV, floored at zero), trimming the discharging units.
 */
export function dispatchStorage(targetKw: number, units: UnitBounds[], maxDischargeKw: number): number[] {
  const out = units.map((u) => (u.overrideKw === null ? 0 : clamp(u.overrideKw, -u.chargeKw, u.dischargeKw)));
  const remaining = targetKw - out.reduce((s, p) => s + p, 0);
  const free = units.map((u, i) => ({ u, i })).filter(({ u }) => u.overrideKw === null);
  const capacity = free.reduce((s, { u }) => s + (remaining > 0 ? u.dischargeKw : u.chargeKw), 0);
  if (capacity > 0) {
    const share = Math.min(1, Math.abs(remaining) / capacity);
    for (const { u, i } of free) out[i] = remaining > 0 ? u.dischargeKw * share : -u.chargeKw * share;
  }
  const net = out.reduce((s, p) => s + p, 0);
  const limit = Math.max(0, maxDischargeKw);
  if (net > limit) {
    const discharging = out.reduce((s, p) => s + Math.max(0, p), 0);
    const keep = Math.max(0, discharging - (net - limit)) / discharging;
    for (let i = 0; i < out.length; i++) {
      const p = out[i] ?? 0;
      if (p > 0) out[i] = p * keep;
    }
  }
  return out;
}
