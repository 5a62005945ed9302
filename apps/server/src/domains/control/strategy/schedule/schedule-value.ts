import { scheduleFrame, stepBill } from './schedule-input';
import { type Schedule, type ScheduleInput, STEP_H } from './schedule-types';

/**
 * Evaluates any storage power path on an input: the SOC path it implies (domain.md battery
 * physics), the grid power, the bill savings minus degradation, and the demand-limit excess.
 */
export function scheduleValue(input: ScheduleInput, powerKw: number[]): Schedule {
  const frame = scheduleFrame(input);
  if (powerKw.length !== frame.n) throw new Error(`schedule: ${powerKw.length} powers for ${frame.n} steps`);
  const e = input.capacityKwh;
  const soc = [input.soc0];
  const gridKw: number[] = [];
  let socKwh = frame.startKwh;
  let revenue = 0;
  let chargedKwh = 0;
  let dischargedKwh = 0;
  let demandViolationKw = 0;
  powerKw.forEach((p, t) => {
    const charge = Math.max(0, -p) * STEP_H;
    const discharge = Math.max(0, p) * STEP_H;
    socKwh += input.etaCharge * charge - discharge / input.etaDischarge;
    soc.push(socKwh / e);
    const net = frame.netKw[t] ?? 0;
    const grid = net - p;
    gridKw.push(grid);
    revenue +=
      stepBill(frame, t, net, STEP_H) -
      stepBill(frame, t, grid, STEP_H) -
      input.degradationCostPerKwh * (charge + discharge);
    chargedKwh += charge;
    dischargedKwh += discharge;
    if (input.demandLimitKw !== null) demandViolationKw = Math.max(demandViolationKw, grid - input.demandLimitKw);
  });
  // An import that sits on the limit may exceed it by float noise: that is no violation.
  if (input.demandLimitKw !== null && demandViolationKw <= 1e-9 * Math.max(1, input.demandLimitKw))
    demandViolationKw = 0;
  return { powerKw: [...powerKw], soc, gridKw, revenue, chargedKwh, dischargedKwh, demandViolationKw };
}

/**
 * The constraints a schedule breaks, one message each (empty = feasible). Tolerances are
 * relative: `tol` of the largest power for kW, of the capacity for SOC.
 */
export function checkSchedule(input: ScheduleInput, s: Schedule, tol = 1e-6): string[] {
  const frame = scheduleFrame(input);
  const { n } = frame;
  const problems: string[] = [];
  if (s.powerKw.length !== n || s.gridKw.length !== n || s.soc.length !== n + 1) {
    return [`lengths: ${s.powerKw.length} powers, ${s.gridKw.length} grid, ${s.soc.length} SOC for ${n} steps`];
  }
  const kwTol = tol * Math.max(1, input.maxChargeKw, input.maxDischargeKw, ...frame.netKw.map(Math.abs));
  const socTol = tol;
  const e = input.capacityKwh;
  const lo = frame.loKwh / e;
  const hi = frame.hiKwh / e;
  const actual = scheduleValue(input, s.powerKw);
  if (Math.abs((s.soc[0] ?? Number.NaN) - input.soc0) > socTol)
    problems.push(`soc[0] ${s.soc[0]} is not soc0 ${input.soc0}`);
  for (let t = 0; t < n; t++) {
    const p = s.powerKw[t] ?? Number.NaN;
    const socNext = s.soc[t + 1] ?? Number.NaN;
    const net = frame.netKw[t] ?? 0;
    const grid = s.gridKw[t] ?? Number.NaN;
    if (!(p <= input.maxDischargeKw + kwTol))
      problems.push(`step ${t}: discharge ${p} kW above ${input.maxDischargeKw}`);
    if (!(-p <= input.maxChargeKw + kwTol)) problems.push(`step ${t}: charge ${-p} kW above ${input.maxChargeKw}`);
    if (!(Math.abs(socNext - (actual.soc[t + 1] ?? Number.NaN)) <= socTol)) {
      problems.push(`step ${t}: SOC ${socNext} does not follow the battery dynamics (${actual.soc[t + 1]})`);
    }
    if (!(socNext >= lo - socTol && socNext <= hi + socTol))
      problems.push(`step ${t}: SOC ${socNext} outside ${lo}..${hi}`);
    if (!(Math.abs(grid - (net - p)) <= kwTol)) problems.push(`step ${t}: grid ${grid} is not load − pv − power`);
    if (!input.exportAllowed && !(p <= Math.max(0, net) + kwTol)) {
      problems.push(`step ${t}: discharge ${p} kW exports (load − pv ${net}) where export is forbidden`);
    }
    if (input.demandLimitKw !== null && !(net - p - input.demandLimitKw <= s.demandViolationKw + kwTol)) {
      problems.push(
        `step ${t}: import ${net - p} kW above the limit ${input.demandLimitKw} beyond the reported violation`,
      );
    }
  }
  const end = s.soc[n] ?? Number.NaN;
  if (!(end >= frame.endMinKwh / e - socTol)) problems.push(`end SOC ${end} below ${frame.endMinKwh / e}`);
  return problems;
}
