import {
  formatEnergy,
  formatList,
  formatMoney,
  formatNumber,
  formatWeight,
  relativeTime,
  type ScaledUnit,
  shortenNumber,
} from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/use-lang';
import { durationText } from './duration';

const text = (f: { value: string; unit: string }) => `${f.value} ${f.unit}`;

/**
 * Spec 9 formatting in the interface language: `energy(12345, 'kWh')` → "12.3 MWh",
 * `money(123456)` → "12.35 万元", `weight(2500)` → "2.50 吨", `ago(ts)` → "3 minutes ago".
 * Null and non-finite values show as "-".
 */
export function useFormat() {
  const lang = useLang();
  const { t } = useTranslation();
  return useMemo(() => {
    const ok = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);
    return {
      energy: (v: number | null | undefined, unit: ScaledUnit = 'kWh', decimals?: number): string =>
        ok(v) ? text(formatEnergy(v, unit, lang, decimals)) : '-',
      energyParts: (v: number, unit: ScaledUnit = 'kWh', decimals?: number) => formatEnergy(v, unit, lang, decimals),
      money: (v: number | null | undefined, decimals?: number): string =>
        ok(v) ? text(formatMoney(v, lang, decimals)) : '-',
      moneyParts: (v: number, decimals?: number) => formatMoney(v, lang, decimals),
      /** Money to the cent in the base unit ("12,345.67 元"): statements and settlements, never scaled. */
      moneyExact: (v: number | null | undefined): string =>
        ok(v) ? `${formatNumber(v, 2, lang)} ${formatMoney(0, lang).unit}` : '-',
      weight: (kg: number | null | undefined, decimals?: number): string =>
        ok(kg) ? text(formatWeight(kg, lang, decimals)) : '-',
      number: (v: number | null | undefined, decimals = 1): string => (ok(v) ? formatNumber(v, decimals, lang) : '-'),
      short: (v: number | null | undefined): string => (ok(v) ? shortenNumber(v) : '-'),
      /** Names as the language lists them ("A, B, and C", "A、B和C"). */
      list: (items: readonly string[]): string => formatList(items, lang),
      /** A value with its unit, at a point's precision. */
      value: (v: number | null | undefined, unit: string | null, precision = 1): string => {
        if (!ok(v)) return '-';
        const n = formatNumber(v, precision, lang);
        return unit ? `${n} ${unit}` : n;
      },
      /** A duration in whole minutes as its two largest parts: "2 h 5 min", "3 d 3 h". */
      duration: (minutes: number | null | undefined): string =>
        ok(minutes) ? durationText(minutes, (part, count) => t(`format.duration.${part}`, { count })) : '-',
      ago: (ts: number | null | undefined, now = Date.now()): string => {
        if (ts === null || ts === undefined) return '-';
        const r = relativeTime(ts, now);
        return r.unit === 'justNow' ? t('format.justNow') : t(`format.${r.unit}Ago`, { count: r.count });
      },
    };
  }, [lang, t]);
}
