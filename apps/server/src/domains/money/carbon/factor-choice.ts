import { type Lang, nationalNames, provinceName, type UsedFactor } from '@ess/contract';
import type { CarbonFactorDbRow } from './carbon.repository';

export const regionName = (provinceCode: string | null, lang: Lang): string =>
  provinceCode === null ? nationalNames[lang] : provinceName(provinceCode, lang);

/** The factor in force in `year` among one region's: the newest not after it, else the oldest. */
function inForce(rows: CarbonFactorDbRow[], year: number): CarbonFactorDbRow | undefined {
  const sorted = [...rows].sort((a, b) => a.year - b.year);
  return sorted.filter((r) => r.year <= year).at(-1) ?? sorted[0];
}

/**
 * The factor of a station's province for a range ending in `year`; the national one where the
 * province has none. Null only when no factor exists at all.
 */
export function factorFor(all: CarbonFactorDbRow[], provinceCode: string, year: number, lang: Lang): UsedFactor | null {
  const own = inForce(
    all.filter((r) => r.provinceCode === provinceCode),
    year,
  );
  const row =
    own ??
    inForce(
      all.filter((r) => r.provinceCode === null),
      year,
    );
  if (!row) return null;
  return {
    id: row.id,
    provinceCode: row.provinceCode,
    regionName: regionName(row.provinceCode, lang),
    factor: row.factor,
    year: row.year,
    source: row.source[lang] || row.source.zh_CN,
    national: own === undefined,
  };
}
