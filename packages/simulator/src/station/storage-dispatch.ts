/** What one storage unit can do in the coming step (AC side, kW, both ≥ 0), its rating and its own setpoint. */
export type UnitBounds = { ratedKw: number; chargeKw: number; dischargeKw: number; overrideKw: number | null };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Shares `total` (≥ 0) in proportion to `weights`, none above its cap; what a capped share
 * cannot take goes to the others (water filling).
 */
function waterFill(total: number, caps: number[], weights: number[]): number[] {
  const out = caps.map(() => 0);
  let open = caps.map((_, i) => i).filter((i) => (caps[i] ?? 0) > 0 && (weights[i] ?? 0) > 0);
  let left = total;
  while (open.length > 0 && left > 1e-12) {
    const sum = open.reduce((s, i) => s + (weights[i] ?? 0), 0);
    const full = open.filter((i) => (out[i] ?? 0) + (left * (weights[i] ?? 0)) / sum >= (caps[i] ?? 0));
    if (full.length === 0) {
      for (const i of open) out[i] = (out[i] ?? 0) + (left * (weights[i] ?? 0)) / sum;
      break;
    }
    for (const i of full) {
      left -= (caps[i] ?? 0) - (out[i] ?? 0);
      out[i] = caps[i] ?? 0;
    }
    open = open.filter((i) => !full.includes(i));
  }
  return out;
}

/**
 * Splits a station power target (> 0 discharge) among storage units. Units with their own
 * setpoint follow it; the rest share the remainder in proportion to their rating, as an EMS
 * sends each converter its share, and a unit at its limit (SOC taper, fault) leaves its part
 * to the others. So units of different capacity and efficiency drift a little apart in SOC
 * between the ends of charge and discharge, as in a real fleet.
 *
 * Then the grid limits: grid import (`netLoadKw` − storage, with net load = load − PV) stays
 * below `demandLimitKw` while the free units can help (less charging, or discharging: peak
 * shaving), and the net discharge never exceeds the net load (anti-backflow, 防逆流).
 */
export function dispatchStorage(
  targetKw: number,
  units: UnitBounds[],
  netLoadKw: number,
  demandLimitKw = Number.POSITIVE_INFINITY,
): number[] {
  const out = units.map((u) => (u.overrideKw === null ? 0 : clamp(u.overrideKw, -u.chargeKw, u.dischargeKw)));
  const fixed = out.reduce((s, p) => s + p, 0);
  const remaining = Math.max(targetKw, netLoadKw - demandLimitKw) - fixed;
  const free = units.map((u, i) => ({ u, i })).filter(({ u }) => u.overrideKw === null);
  const caps = free.map(({ u }) => (remaining > 0 ? u.dischargeKw : u.chargeKw));
  const shares = waterFill(
    Math.abs(remaining),
    caps,
    free.map(({ u }) => u.ratedKw),
  );
  free.forEach(({ i }, k) => {
    const v = shares[k] ?? 0;
    out[i] = v === 0 ? 0 : remaining > 0 ? v : -v;
  });
  const net = out.reduce((s, p) => s + p, 0);
  const limit = Math.max(0, netLoadKw);
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
