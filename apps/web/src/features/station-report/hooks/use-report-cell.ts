import type { StationReportRow } from '@ess/contract';
import { useFormat } from '@/lib/format/use-format';

export type ValueKey = Exclude<
  keyof StationReportRow,
  'period' | 'hasData' | 'partial' | 'days' | 'wholeDays' | 'storageCoverage'
>;
type Kind = 'energy' | 'percent' | 'money';

/** The report's value columns in order, with how each is formatted (spec 9). */
export const VALUE_COLUMNS: { key: ValueKey; kind: Kind }[] = [
  { key: 'chargeKwh', kind: 'energy' },
  { key: 'dischargeKwh', kind: 'energy' },
  { key: 'efficiency', kind: 'percent' },
  { key: 'pvKwh', kind: 'energy' },
  { key: 'loadKwh', kind: 'energy' },
  { key: 'gridImportKwh', kind: 'energy' },
  { key: 'gridExportKwh', kind: 'energy' },
  { key: 'revenue', kind: 'money' },
  { key: 'socMax', kind: 'percent' },
  { key: 'socMin', kind: 'percent' },
  { key: 'onlineRate', kind: 'percent' },
];

/** A report value as text: energy and money per spec 9, shares in %. */
export function useCell() {
  const fmt = useFormat();
  return (kind: Kind, v: number | null) =>
    kind === 'energy' ? fmt.energy(v) : kind === 'money' ? fmt.money(v) : fmt.value(v, '%', 1);
}
