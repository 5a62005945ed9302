import type { Lang, NationCity, NationProvince, NationStations } from '@ess/contract';
import { isProvinceCode, provinceName } from '@ess/contract';
import { localName } from '../device';
import type { StationRow } from './station.repository';

type Totals = { stationCount: number; ratedPowerKw: number; capacityKwh: number };
const add = (t: Totals, s: StationRow) => {
  t.stationCount += 1;
  t.ratedPowerKw += s.ratedPowerKw;
  t.capacityKwh += s.capacityKwh;
};

/**
 * The national listing (spec 3): provinces by code, their cities by name, stations by id, each
 * level with its station count, rated power and capacity. Names in `lang`.
 */
export function nationListing(rows: StationRow[], lang: Lang): NationStations {
  const top: NationStations = { stationCount: 0, ratedPowerKw: 0, capacityKwh: 0, children: [] };
  const provinces = new Map<string, NationProvince>();
  const cities = new Map<string, NationCity>();
  for (const s of [...rows].sort((a, b) => a.id - b.id)) {
    const code = s.provinceCode;
    if (!isProvinceCode(code)) continue;
    let province = provinces.get(code);
    if (!province) {
      province = {
        kind: 'province',
        id: `province:${code}`,
        code,
        name: provinceName(code, lang),
        stationCount: 0,
        ratedPowerKw: 0,
        capacityKwh: 0,
        children: [],
      };
      provinces.set(code, province);
    }
    const cityKey = `city:${code}:${s.city ?? ''}`;
    let city = cities.get(cityKey);
    if (!city) {
      city = {
        kind: 'city',
        id: cityKey,
        name: s.city === null ? '' : localName(s.cityNames, lang, s.city),
        stationCount: 0,
        ratedPowerKw: 0,
        capacityKwh: 0,
        children: [],
      };
      cities.set(cityKey, city);
      province.children.push(city);
    }
    city.children.push({
      kind: 'station',
      id: s.id,
      code: s.code,
      name: s.name,
      type: s.type,
      ratedPowerKw: s.ratedPowerKw,
      capacityKwh: s.capacityKwh,
      longitude: s.longitude,
      latitude: s.latitude,
    });
    add(city, s);
    add(province, s);
    add(top, s);
  }
  top.children = [...provinces.values()].sort((a, b) => a.code.localeCompare(b.code));
  return top;
}
