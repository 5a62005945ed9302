/**
 * Schedule optimiser benchmark (issue 14 part 7): building and solving one station's 96-step
 * charge/discharge LP (apps/server/src/domains/control/strategy/schedule), its revenue against the rule
 * a station runs without optimisation, and the time to schedule a fleet.
 *
 *   npm run bench:optimise -- --json [--solves 100] [--days 30] [--stations 100]
 *
 * The station: 1 MWh / 500 kW, η 0.95 each way, SOC 10–90 %, starting and ending each day at
 * 50 %, degradation 0.03 per kWh throughput, anti-backflow, demand limit 800 kW, the example
 * tariff of domain.md (EXAMPLE_TOU_SEGMENTS / EXAMPLE_TOU_PRICES: valley 0.1, flat 0.3, peak 0.6,
 * two peaks). Load and PV are the simulator's own: the commercial load shape of BuildingLoad
 * (600 kW peak, lower at weekends) with seeded noise, PV of 400 kWp from the sun's elevation at
 * Nanjing times the weather model's clearness of the day (dailyClearness), June 2026 — the same
 * figures on every run. The WASM module is loaded (firstSolveMs: load + first solve) and warmed
 * by 20 untimed solves (V8 tiers the WASM up meanwhile); each timed solve is one optimiseSchedule call (model text, HiGHS,
 * replay, evaluation); p…CpuMs are this process's CPU time per solve, which other work on the
 * machine does not inflate as much as the wall time.
 * Prints `{p95Ms, revenueOptimal, revenueRule, upliftPct, …}` (one line with --json).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import {
  addDays,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  PROVINCE_TOU_TEMPLATES,
  periodAt,
  type TouPrices,
  type TouSegment,
} from '@ess/contract';
import { getPosition } from 'suncalc';
import { optimiseSchedule } from '../apps/server/src/domains/control/strategy/schedule/optimise-schedule';
import { ruleSchedule } from '../apps/server/src/domains/control/strategy/schedule/rule-schedule';
import {
  type ScheduleInput,
  STEP_H,
  STEPS_PER_DAY,
} from '../apps/server/src/domains/control/strategy/schedule/schedule-types';
import { BuildingLoad } from '../packages/simulator/src/devices/building-load';
import { dailyClearness, hashSeed, mulberry32, type Site } from '../packages/simulator/src/weather/weather-model';
import { sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    solves: { type: 'string', default: sized('100', '3') },
    days: { type: 'string', default: sized('30', '2') },
    stations: { type: 'string', default: sized('100', '3') },
  },
});
const solves = Math.max(50, Number(args.solves));
const days = Number(args.days);
const stations = Number(args.stations);
const say = (msg: string) => {
  if (!args.json) console.error(msg);
};

const SITE: Site = { code: 'BENCH-NJ01', latitude: 32.06, longitude: 118.8 };
const UTC_OFFSET_H = 8;
const FIRST_DAY = '2026-06-01';
const WARM_UP_SOLVES = 20;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const round = (x: number, digits: number) => Number(x.toFixed(digits));

const tariff = (segments: TouSegment[], prices: TouPrices): number[] =>
  Array.from({ length: STEPS_PER_DAY }, (_, t) => prices[periodAt(segments, t * 15)]);
const buyPrice = tariff(EXAMPLE_TOU_SEGMENTS, EXAMPLE_TOU_PRICES);

/** One day of a station: the simulator's load shape and PV, scaled by `size`, noise seeded by code and date. */
function stationDay(code: string, date: string, size = 1): ScheduleInput {
  const rng = mulberry32(hashSeed(`${code}|${date}|load`));
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const clearness = dailyClearness({ ...SITE, code }, date);
  const midnightUtc = Date.parse(`${date}T00:00:00Z`) - UTC_OFFSET_H * 3600_000;
  const loadKw: number[] = [];
  const pvKw: number[] = [];
  for (let t = 0; t < STEPS_PER_DAY; t++) {
    const hour = (t + 0.5) * STEP_H;
    loadKw.push(600 * size * BuildingLoad.shape(hour, weekend) * (0.95 + 0.1 * rng()));
    const sun = getPosition(new Date(midnightUtc + hour * 3600_000), SITE.latitude, SITE.longitude).altitude;
    const s = Math.sin(sun);
    // Clear-sky irradiance (Haurwitz) scaled by the day's clearness, as the simulator's site does.
    const irradiance = s > 0 ? 1098 * s * Math.exp(-0.057 / s) * (clearness / 0.72) : 0;
    pvKw.push((400 * size * irradiance) / 1000);
  }
  return {
    buyPrice,
    loadKw,
    pvKw,
    capacityKwh: 1000 * size,
    maxChargeKw: 500 * size,
    maxDischargeKw: 500 * size,
    etaCharge: 0.95,
    etaDischarge: 0.95,
    socMin: 0.1,
    socMax: 0.9,
    soc0: 0.5,
    socEndMin: 0.5,
    demandLimitKw: 800 * size,
    exportAllowed: false,
    degradationCostPerKwh: 0.03,
  };
}

const dates = Array.from({ length: days }, (_, i) => addDays(FIRST_DAY, i));
const inputs = dates.map((date) => stationDay(SITE.code, date));

say('loading HiGHS and warming up…');
const loadStart = performance.now();
await optimiseSchedule(inputs[0] as ScheduleInput);
const firstSolveMs = performance.now() - loadStart;
// V8 runs new WASM code unoptimised and tiers hot functions up in the background: the first
// dozen solves after the load cost 40–80 ms of CPU, the rest ~10 ms. Untimed solves first, as in
// a server that has run a while; their times are reported as warmUpCpuMs.
const warmUpCpu: number[] = [];
for (let i = 0; i < WARM_UP_SOLVES; i++) {
  const cpu0 = process.cpuUsage();
  await optimiseSchedule(inputs[(i + 1) % inputs.length] as ScheduleInput);
  const cpu = process.cpuUsage(cpu0);
  warmUpCpu.push(Math.round((cpu.user + cpu.system) / 1000));
}

say(`${solves} timed solves…`);
const times: number[] = [];
// CPU time of this process per solve: what the solve costs when other work shares the cores.
const cpuTimes: number[] = [];
for (let i = 0; i < solves; i++) {
  const input = inputs[i % inputs.length] as ScheduleInput;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await optimiseSchedule(input);
  times.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);

say(`${days} days, optimal versus rule…`);
let revenueOptimal = 0;
let revenueRule = 0;
for (const input of inputs) {
  revenueOptimal += (await optimiseSchedule(input)).revenue;
  revenueRule += ruleSchedule(input).revenue;
}

say('the same days on the province templates…');
const upliftPctByTemplate: Record<string, number> = {};
for (const template of PROVINCE_TOU_TEMPLATES) {
  const prices = tariff(template.segments, template.prices);
  let opt = 0;
  let rule = 0;
  for (const day of inputs) {
    const input = { ...day, buyPrice: prices };
    opt += (await optimiseSchedule(input)).revenue;
    rule += ruleSchedule(input).revenue;
  }
  upliftPctByTemplate[template.code] = round((100 * (opt - rule)) / Math.abs(rule), 2);
}

say(`${stations} stations, one day each…`);
const fleet = Array.from({ length: stations }, (_, i) => stationDay(`BENCH-${i}`, FIRST_DAY, 0.5 + (i % 7) / 4));
const fleetStart = performance.now();
for (const input of fleet) await optimiseSchedule(input);
const stationsMs = performance.now() - fleetStart;

const result = {
  p95Ms: round(percentile(times, 95), 1),
  revenueOptimal: round(revenueOptimal, 2),
  revenueRule: round(revenueRule, 2),
  upliftPct: round((100 * (revenueOptimal - revenueRule)) / Math.abs(revenueRule), 2),
  p50Ms: round(percentile(times, 50), 1),
  maxMs: round(times.at(-1) ?? Number.NaN, 1),
  p50CpuMs: round(percentile(cpuTimes, 50), 1),
  p95CpuMs: round(percentile(cpuTimes, 95), 1),
  solves,
  firstSolveMs: round(firstSolveMs, 1),
  warmUpSolves: WARM_UP_SOLVES,
  warmUpCpuMs: warmUpCpu,
  days,
  [`stations${stations}Ms`]: Math.round(stationsMs),
  tariff: 'EXAMPLE_TOU (valley 0.1, flat 0.3, peak 0.6)',
  upliftPctByTemplate,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAvg1m: round(loadavg()[0] ?? 0, 1),
  },
};
console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
