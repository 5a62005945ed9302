import { deviceModel, stationLayout } from '@ess/contract';
import { AirConditioner } from '../devices/air-conditioner';
import { Bms } from '../devices/bms';
import { BuildingLoad } from '../devices/building-load';
import { Cabinet } from '../devices/cabinet';
import { ChargingPile } from '../devices/charging-pile';
import { Ems } from '../devices/ems';
import { Meter } from '../devices/meter';
import { Pcs } from '../devices/pcs';
import { PvInverter } from '../devices/pv-inverter';
import type { SimDevice } from '../devices/sim-device';
import type { StorageUnit } from '../devices/storage-unit';
import { Battery, NOMINAL_CONVERTER_ETA } from '../physics/battery';
import { Enclosure } from '../physics/enclosure';
import { clamp } from '../physics/numeric';
import { gaussian, type Rng, rngFor } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import { SiteGrid } from '../physics/site-grid';
import { counterBaseline, type StationScale } from './counter-baseline';
import type { SimStation } from './sim-station';
import { type StationProfile, stationProfile } from './station-profile';

const CELLS_PER_CLUSTER = 416;
const CELLS_PER_CABINET = 240;
/** Electric draw of a container's air conditioner for 2.5 MWh, and of a cabinet's. */
const CONTAINER_AC_KW = 15;
const CABINET_AC_KW = 2;

/** The parts of a station, by role in its power balance. */
export type StationDevices = {
  devices: SimDevice[];
  units: StorageUnit[];
  enclosures: Enclosure[];
  pvs: PvInverter[];
  piles: ChargingPile[];
  meters: Meter[];
  ems: Ems | null;
  building: BuildingLoad;
  profile: StationProfile;
  grid: SiteGrid;
};

/** One rack's (or cabinet's) health and make: what makes it unlike its neighbours. */
function rackTraits(profile: StationProfile, r: Rng) {
  const fadePerYear = 1.5 + 1.5 * r();
  return {
    sohPct: clamp(100 - r() * 1.5 - fadePerYear * profile.ageYears, 70, 100),
    calendarFadePerYear: 0.5 * fadePerYear,
    cellSpread: 0.6 + 0.9 * r(),
    weakCell: r() < 0.2,
    socMinPct: profile.strategy.socMinPct,
    socMaxPct: profile.strategy.socMaxPct,
  };
}

/**
 * A storage unit's own round trip at half C: its racks' efficiency (their resistance, health and
 * polarisation) and its converter's (the type's curve and this unit's trim) — not one figure for
 * every station.
 */
function unitRoundTrip(u: StorageUnit): number {
  const racks = u.batteries.reduce((s, b) => s + b.etaCharge * b.etaDischarge, 0) / u.batteries.length;
  return racks * ((NOMINAL_CONVERTER_ETA + u.efficiencyTrim) / NOMINAL_CONVERTER_ETA) ** 2;
}

/**
 * Builds the models of a station's layout: batteries in their containers or cabinets, the
 * PCS that drive them, BMS and air conditioner views, PV, piles, meters and EMS, with energy
 * counters at a plausible starting value. The station's profile sets its strategy, grid
 * connection, building and starting SOC; each rack draws its own health, efficiency and cell
 * spread. What belongs to the installation (profile, racks, converters, piles' popularity)
 * comes from streams of the station code alone, so a station is the same plant in every run
 * whatever the seed; the seed drives what happens (loads, cars, clouds, noise).
 */
export function buildStationDevices(
  station: SimStation,
  env: SiteEnvironment,
  rng: (...labels: string[]) => Rng,
  start: Date,
): StationDevices {
  const fixed = (...labels: string[]) => rngFor(0, station.code, 'plant', ...labels);
  const layout = stationLayout(station).devices;
  const pvKwp = layout.reduce((s, d) => s + (d.type === 'pv' ? (d.pvKwp ?? 100) : 0), 0);
  const buildingPeakKw = 1.25 * station.ratedPowerKw + 0.6 * pvKwp;
  const chargers = layout.filter((d) => d.type === 'charger');
  const pileKw = chargers.reduce((s, d) => s + (deviceModel(d.model)?.rated.powerKw ?? 120), 0);
  const profile = stationProfile(station, { buildingPeakKw, pvKwp, pileKw }, start, fixed('profile'));
  const grid = new SiteGrid(env, {
    transformerKva: profile.grid.transformerKva,
    gatewayAt: profile.grid.meteredAt,
    ctRatio: profile.grid.ctRatio,
    mvOffsetPu: profile.grid.mvOffsetPu,
    lvOffsetPu: profile.grid.lvOffsetPu,
    storageKw: station.ratedPowerKw,
    pvKwp,
    loadKw: buildingPeakKw + pileKw,
  });
  const out: StationDevices = {
    devices: [],
    units: [],
    enclosures: [],
    pvs: [],
    piles: [],
    meters: [],
    ems: null,
    building: new BuildingLoad(buildingPeakKw, env, rng('building'), profile.load),
    profile,
    grid,
  };
  const scale: StationScale = {
    capacityKwh: station.capacityKwh,
    pvKwp,
    buildingPeakKw,
    chargers: chargers.length,
    commissioned: station.commissioned,
  };
  const indoorC = clamp(env.ambientC, 15, 28);
  const { socMinPct, socMaxPct } = profile.strategy;
  /** Starting SOC: the station's, a unit's offset (units drift apart between balancing), a rack's. */
  const startSoc = (...offsets: number[]) =>
    clamp(profile.startSocPct + offsets.reduce((s, x) => s + x, 0), socMinPct + 1, socMaxPct - 1);

  // Batteries first: PCS take their clusters, BMS views and AC units their enclosures.
  const batteries = new Map<string, Battery>();
  const enclosureOf = new Map<string, Enclosure>();
  for (const d of layout.filter((x) => x.type === 'bms')) {
    const pcsKw = layout.find((x) => x.sn === d.parentSn)?.powerKw ?? 1250;
    const rackKwh = layout
      .filter((x) => x.type === 'bms' && x.parentSn === d.parentSn)
      .reduce((s, x) => s + (x.energyKwh ?? 1250), 0);
    batteries.set(
      d.sn,
      new Battery({
        energyKwh: d.energyKwh ?? 1250,
        cellsInSeries: CELLS_PER_CLUSTER,
        maxCRate: Math.max(0.5, pcsKw / rackKwh),
        rng: fixed(d.sn, 'battery'),
        // Racks of one PCS start near the same SOC, as after the last balancing.
        socPct: startSoc(8 * (fixed(d.parentSn ?? d.sn, 'soc')() - 0.5), 3 * (fixed(d.sn, 'soc')() - 0.5)),
        tempC: indoorC,
        ...rackTraits(profile, fixed(d.sn, 'health')),
      }),
    );
  }

  for (const d of layout) {
    const model = deviceModel(d.model);
    if (!model) throw new Error(`unknown device model ${d.model}`);
    const r = rng(d.sn);
    let device: SimDevice;
    switch (d.type) {
      case 'ems': {
        const ems = new Ems(d, model, station.ratedPowerKw, r);
        out.ems = ems;
        device = ems;
        break;
      }
      case 'pcs': {
        const racks = layout.filter((x) => x.type === 'bms' && x.parentSn === d.sn);
        const own = racks.map((x) => batteries.get(x.sn)).filter((b): b is Battery => b !== undefined);
        const kwh = own.reduce((s, b) => s + b.energyKwh, 0);
        const enclosure = new Enclosure({
          heatCapacityKjPerK: 1.5 * kwh,
          conductanceKwPerK: 0.00025 * kwh,
          solarGainKw: 0.002 * kwh,
          coolingRatedKw: CONTAINER_AC_KW * clamp(kwh / 2500, 0.3, 2),
          airTempC: indoorC,
        });
        enclosure.batteries.push(...own);
        enclosureOf.set(d.sn, enclosure);
        out.enclosures.push(enclosure);
        const pcs = new Pcs(d, model, d.powerKw ?? model.rated.powerKw ?? 1250, own, enclosure, env, r);
        out.units.push(pcs);
        device = pcs;
        break;
      }
      case 'cabinet': {
        const kwh = model.rated.energyKwh ?? 215;
        const battery = new Battery({
          energyKwh: kwh,
          cellsInSeries: CELLS_PER_CABINET,
          maxCRate: 0.5,
          rng: fixed(d.sn, 'battery'),
          socPct: startSoc(8 * (fixed(d.sn, 'soc')() - 0.5)),
          tempC: indoorC,
          ...rackTraits(profile, fixed(d.sn, 'health')),
        });
        batteries.set(d.sn, battery);
        const enclosure = new Enclosure({
          heatCapacityKjPerK: 1.5 * kwh,
          conductanceKwPerK: 0.0006 * kwh,
          solarGainKw: 0.004 * kwh,
          coolingRatedKw: CABINET_AC_KW,
          airTempC: indoorC,
        });
        enclosure.batteries.push(battery);
        out.enclosures.push(enclosure);
        const cabinet = new Cabinet(d, model, model.rated.powerKw ?? 100, [battery], enclosure, env, r);
        out.units.push(cabinet);
        device = cabinet;
        break;
      }
      case 'bms': {
        const battery = batteries.get(d.sn);
        if (!battery) throw new Error(`no battery for ${d.sn}`);
        device = new Bms(d, model, battery);
        break;
      }
      case 'ac': {
        const enclosure = enclosureOf.get(d.sn.replace(/-AC-(\d+)$/, '-PCS-$1'));
        if (!enclosure) throw new Error(`no container for ${d.sn}`);
        device = new AirConditioner(d, model, enclosure, env);
        break;
      }
      case 'meter': {
        const meter = new Meter(d, model, d.meterRole ?? 'load', env, grid, r);
        // The storage meter's counters wait for the racks' round trip (below).
        if (meter.role !== 'storage') meter.restoreCounters(counterBaseline(meter.role, 1, scale, start, r));
        out.meters.push(meter);
        device = meter;
        break;
      }
      case 'pv': {
        const pv = new PvInverter(d, model, d.pvKwp ?? model.rated.pvKwp ?? 100, env, r);
        pv.restoreCounters(counterBaseline('pvInverter', (d.pvKwp ?? 100) / pvKwp, scale, start, r));
        out.pvs.push(pv);
        device = pv;
        break;
      }
      case 'charger': {
        const traffic = profile.evTraffic * (0.8 + 0.4 * fixed(d.sn, 'traffic')());
        const pile = new ChargingPile(d, model, model.rated.powerKw ?? 120, env, r, traffic);
        pile.restoreCounters(counterBaseline('charger', 1, scale, start, r));
        out.piles.push(pile);
        device = pile;
        break;
      }
    }
    out.devices.push(device);
  }
  for (const u of out.units) {
    u.grid = grid;
    u.efficiencyTrim = clamp(0.003 * gaussian(fixed(u.layout.sn, 'converter')), -0.008, 0.006);
    const roundTrip = unitRoundTrip(u);
    const share = u.ratedKw / station.ratedPowerKw;
    const base = counterBaseline('storage', share, { ...scale, roundTrip }, start, rng(u.layout.sn, 'e'));
    u.restoreCounters({ dischargeEnergy: base.forwardEnergy ?? 0, chargeEnergy: base.reverseEnergy ?? 0 });
    if (u instanceof Cabinet) u.restoreCounters(counterBaseline('aux', share, scale, start, rng(u.layout.sn, 'a')));
  }
  // A container's air conditioner cools its converter's share of the station.
  for (const d of out.devices) {
    if (!(d instanceof AirConditioner)) continue;
    const unit = out.units.find((u) => u.layout.sn === d.layout.sn.replace(/-AC-(\d+)$/, '-PCS-$1'));
    const share = (unit?.ratedKw ?? 0) / station.ratedPowerKw;
    d.restoreCounters(counterBaseline('aux', share, scale, start, rng(d.layout.sn, 'a')));
  }
  // The storage meter counts the whole station: its units' round trip, weighted by their rating.
  const rated = out.units.reduce((s, u) => s + u.ratedKw, 0);
  const roundTrip = out.units.reduce((s, u) => s + unitRoundTrip(u) * u.ratedKw, 0) / rated;
  for (const m of out.meters.filter((x) => x.role === 'storage')) {
    m.restoreCounters(counterBaseline('storage', 1, { ...scale, roundTrip }, start, rng(m.layout.sn, 'e')));
  }
  return out;
}
