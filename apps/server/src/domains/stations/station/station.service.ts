import { isProvinceCode, type Lang, type ProvinceNode, provinceName, type Station } from '@ess/contract';
import type { SessionUser } from '../../../lib/types';
import { localName } from '../device';
import type { StationRow } from './station.repository';
import type { StationDirectory } from './station-directory';

/**
 * A station row as the API returns it to `viewer`; null for a province code outside GB/T 2260.
 * The shared large-screen account, open to anyone at a screen, and large-screen windows never
 * get the contact's name and phone number.
 */
export function toStation(row: StationRow, lang: Lang, viewer: SessionUser): Station | null {
  const { provinceCode, cityNames, createTime: _created, updateTime: _updated, ...rest } = row;
  if (!isProvinceCode(provinceCode)) return null;
  const personal = viewer.demo || viewer.screenOnly ? { contact: null, phone: null } : {};
  // Province and city in the request's language (the city as entered where no names are kept).
  const city = row.city === null ? null : localName(cityNames, lang, row.city);
  return { ...rest, ...personal, city, provinceCode, province: provinceName(provinceCode, lang) };
}

export class StationService {
  constructor(private readonly directory: StationDirectory) {}

  /** The caller's stations as the cascader's province → station tree (spec 2 "Left sidebar"). */
  async tree(user: SessionUser, lang: Lang): Promise<ProvinceNode[]> {
    const byProvince = new Map<ProvinceNode['code'], ProvinceNode>();
    // Rows come ordered by id, so stations stay ordered by id inside each province; from memory,
    // as the frame of every page asks for them.
    for (const row of await this.directory.stationsOf(user)) {
      const s = toStation(row, lang, user);
      // Station forms only accept GB/T 2260 codes; a row edited by hand outside that cannot be placed.
      if (!s) continue;
      let province = byProvince.get(s.provinceCode);
      if (!province) {
        province = {
          kind: 'province',
          id: `province:${s.provinceCode}`,
          code: s.provinceCode,
          name: s.province,
          children: [],
        };
        byProvince.set(s.provinceCode, province);
      }
      province.children.push({ kind: 'station', ...s });
    }
    return [...byProvince.values()].sort((a, b) => a.code.localeCompare(b.code));
  }
}
