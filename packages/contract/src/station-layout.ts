/**
 * How a station of a given rating is equipped: the devices the demo seed creates and the
 * simulator runs. A capacity made of whole 215 kWh / 100 kW cabinets gets integrated
 * cabinets; anything else a container plant (1250 kW PCS, battery clusters, air conditioning).
 * Every station has an EMS, four meters (gateway, storage, PV, load), PV inverters and DC
 * charging piles, and a virtual "station totals" device computed from them. The load meter
 * measures everything the site consumes, charging piles included, so that
 * grid = load − PV − storage (domain.md).
 */
import type { DeviceType, MeterRole } from './device';
import { METER_ROLE_NAMES } from './device-api';
import { type Names, names as n, names } from './i18n';
import type { StationType } from './station';

export type LayoutDevice = {
  sn: string;
  /** Stored name: what a language without a translation shows. */
  name: string;
  /** The name in each interface language (a seeded device reads in the user's language). */
  names: Names;
  type: Exclude<DeviceType, 'virtual'>;
  model: string;
  /** Serial of the parent in the device tree. */
  parentSn: string | null;
  meterRole?: MeterRole;
  /** Rating of this unit where it differs from the model's (kW, kWh, kWp). */
  powerKw?: number;
  energyKwh?: number;
  pvKwp?: number;
};

export type LayoutVirtualPoint = { code: string; names: Names; unit: string; formula: string };
export type StationLayout = {
  devices: LayoutDevice[];
  virtual: { sn: string; name: string; names: Names; points: LayoutVirtualPoint[] } | null;
};

type LayoutStation = { code: string; type: StationType; ratedPowerKw: number; capacityKwh: number };

const CABINET_KW = 100;
const CABINET_KWH = 215;
const PCS_KW = 1250;
const CLUSTER_MAX_KWH = 1250;
const two = (i: number) => String(i).padStart(2, '0');
/** A name made of acronyms and numbers (EMS, PCS-1, BMS-1.2) reads alike in every language. */
const alike = (name: string): Names => n(name, name, name, name);
const STATION_TOTALS = n('全站合计', 'Station totals', 'Totales de la estación', '発電所合計');

/** Whole cabinets make up the station: 215 kWh and 100 kW each. */
export const isCabinetPlant = (s: Pick<LayoutStation, 'ratedPowerKw' | 'capacityKwh'>): boolean => {
  const n = s.capacityKwh / CABINET_KWH;
  return Number.isInteger(n) && n >= 1 && s.ratedPowerKw === n * CABINET_KW;
};

/** Installed PV of the demo sites: 40 % of the storage power, in 100 kWp inverters (1 to 6). */
export const pvInverterCount = (ratedPowerKw: number): number =>
  Math.min(6, Math.max(1, Math.round((ratedPowerKw * 0.4) / 100)));

export const chargerCount = (ratedPowerKw: number): number => Math.min(4, Math.max(1, Math.round(ratedPowerKw / 500)));

export function stationLayout(s: LayoutStation): StationLayout {
  if (s.type === 'proposed') return { devices: [], virtual: null };
  const c = s.code;
  const ems = `${c}-EMS`;
  const devices: LayoutDevice[] = [
    { sn: ems, name: 'EMS', names: alike('EMS'), type: 'ems', model: 'EMS-3000', parentSn: null },
  ];
  const storageTypes: string[] = [];

  if (isCabinetPlant(s)) {
    const n = s.capacityKwh / CABINET_KWH;
    for (let i = 1; i <= n; i++) {
      devices.push({
        sn: `${c}-CAB-${two(i)}`,
        name: `CAB-${two(i)}`,
        names: names(`储能柜-${two(i)}`, `CAB-${two(i)}`, `Armario-${two(i)}`, `蓄電キャビネット-${two(i)}`),
        type: 'cabinet',
        model: 'CAB-215',
        parentSn: ems,
      });
    }
    storageTypes.push('cabinet');
  } else {
    const pcsCount = Math.max(1, Math.ceil(s.ratedPowerKw / PCS_KW));
    const clusters = Math.max(pcsCount, Math.ceil(s.capacityKwh / CLUSTER_MAX_KWH));
    const clusterKwh = Math.round((s.capacityKwh / clusters) * 10) / 10;
    const pcsKw = Math.round((s.ratedPowerKw / pcsCount) * 10) / 10;
    for (let p = 1; p <= pcsCount; p++) {
      const pcs = `${c}-PCS-${p}`;
      devices.push({
        sn: pcs,
        name: `PCS-${p}`,
        names: alike(`PCS-${p}`),
        type: 'pcs',
        model: 'PCS-1250',
        parentSn: ems,
        powerKw: pcsKw,
      });
      devices.push({
        sn: `${c}-AC-${p}`,
        name: `AC-${p}`,
        names: alike(`AC-${p}`),
        type: 'ac',
        model: 'AC-15',
        parentSn: ems,
      });
    }
    for (let k = 0; k < clusters; k++) {
      const p = (k % pcsCount) + 1;
      const idx = Math.floor(k / pcsCount) + 1;
      devices.push({
        sn: `${c}-BMS-${p}-${idx}`,
        name: `BMS-${p}.${idx}`,
        names: alike(`BMS-${p}.${idx}`),
        type: 'bms',
        model: 'BMS-C1250',
        parentSn: `${c}-PCS-${p}`,
        energyKwh: clusterKwh,
      });
    }
    storageTypes.push('pcs');
  }

  const meters: [MeterRole, string, string][] = [
    ['gateway', 'GW', 'Gateway meter'],
    ['storage', 'ES', 'Storage meter'],
    ['pv', 'PV', 'PV meter'],
    ['load', 'LD', 'Load meter'],
  ];
  for (const [role, tag, name] of meters) {
    devices.push({
      sn: `${c}-MTR-${tag}`,
      name,
      names: METER_ROLE_NAMES[role],
      type: 'meter',
      model: 'METER-3P',
      parentSn: ems,
      meterRole: role,
    });
  }
  for (let i = 1; i <= pvInverterCount(s.ratedPowerKw); i++) {
    devices.push({
      sn: `${c}-PV-${i}`,
      name: `PV-INV-${i}`,
      names: n(`光伏逆变器-${i}`, `PV-INV-${i}`, `Inversor FV-${i}`, `PVインバータ-${i}`),
      type: 'pv',
      model: 'PV-INV-100',
      parentSn: `${c}-MTR-PV`,
      pvKwp: 100,
    });
  }
  for (let i = 1; i <= chargerCount(s.ratedPowerKw); i++) {
    devices.push({
      sn: `${c}-DC-${i}`,
      name: `DC-Pile-${i}`,
      names: n(`直流充电桩-${i}`, `DC-Pile-${i}`, `Cargador DC-${i}`, `DC充電器-${i}`),
      type: 'charger',
      model: 'DC-120',
      parentSn: `${c}-MTR-LD`,
    });
  }

  const storagePower = storageTypes.map((t) => `sum(type:${t}.p)`).join(' + ');
  const soc = isCabinetPlant(s) ? 'avg(type:cabinet.soc)' : 'avg(type:bms.soc)';
  return {
    devices,
    virtual: {
      sn: `${c}-VIRT`,
      name: STATION_TOTALS.en_US,
      names: STATION_TOTALS,
      points: [
        {
          code: 'storagePower',
          names: n('储能功率', 'Storage power', 'Potencia de almacenamiento', '蓄電電力'),
          unit: 'kW',
          formula: storagePower,
        },
        {
          code: 'soc',
          names: n('储能SOC', 'Storage SOC', 'SOC del almacenamiento', '蓄電SOC'),
          unit: '%',
          formula: soc,
        },
        {
          code: 'pvPower',
          names: n('光伏功率', 'PV power', 'Potencia fotovoltaica', '太陽光発電電力'),
          unit: 'kW',
          formula: `{${c}-MTR-PV.p}`,
        },
        {
          code: 'loadPower',
          names: n('负荷功率', 'Load power', 'Potencia de carga', '負荷電力'),
          unit: 'kW',
          formula: `{${c}-MTR-LD.p}`,
        },
        {
          code: 'gridPower',
          names: n('电网功率', 'Grid power', 'Potencia de red', '系統電力'),
          unit: 'kW',
          formula: `{${c}-MTR-GW.p}`,
        },
        {
          code: 'chargerPower',
          names: n('充电桩功率', 'Charging power', 'Potencia de carga VE', '充電器電力'),
          unit: 'kW',
          formula: 'sum(type:charger.p)',
        },
      ],
    },
  };
}
