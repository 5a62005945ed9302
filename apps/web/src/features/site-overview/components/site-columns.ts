import type { SiteOverviewRow } from '@ess/contract';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { createElement, type HTMLAttributes } from 'react';
import { CAPABILITIES } from '@/lib/capabilities';
import type { SiteStatus } from '@/lib/station/site-status';
import type { SortPref } from '../hooks/use-table-prefs';
import { columnSpecs, type Fmt, HeaderTitle } from './column-specs';

/**
 * Every column of spec 3 "Site monitoring columns" and the live ones (storage power, SOC, energy
 * available to discharge, today's revenue), in display order.
 */
export const COLUMN_KEYS = [
  'status',
  'name',
  'capacity',
  'storagePower',
  'soc',
  'dischargeableEnergy',
  'alarmStatus',
  'alarmNum',
  'alarmUnresolvedNum',
  'pcsConversion',
  'time',
  'dailyCharge',
  'dailyDischarge',
  'todayRevenue',
  'totalChargeE',
  'totalDischargeE',
  'minTemperature',
  'maxTemperature',
  'pcsMaxTemperature',
  'emsCpuuseProportion',
  'emsMemuseProportion',
  'emsHarduseProportion',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/**
 * Columns hidden until the user shows them (the chooser's reset returns here): the EMS
 * resources, a maintenance detail, and the alarm columns until the alarm centre fills them.
 */
export const DEFAULT_HIDDEN: readonly ColumnKey[] = [
  ...(CAPABILITIES.alarmCount ? [] : (['alarmStatus', 'alarmNum', 'alarmUnresolvedNum'] as const)),
  'emsCpuuseProportion',
  'emsMemuseProportion',
  'emsHarduseProportion',
];

/** The station name identifies a row: it cannot be hidden. */
export const LOCKED_COLUMNS: readonly ColumnKey[] = ['name'];

/** Header groups; a column without a group stands alone. */
export const COLUMN_GROUPS = {
  live: ['storagePower', 'soc', 'dischargeableEnergy'],
  alarms: ['alarmStatus', 'alarmNum', 'alarmUnresolvedNum'],
  today: ['dailyCharge', 'dailyDischarge', 'todayRevenue'],
  cumulative: ['totalChargeE', 'totalDischargeE'],
  temperature: ['minTemperature', 'maxTemperature', 'pcsMaxTemperature'],
  ems: ['emsCpuuseProportion', 'emsMemuseProportion', 'emsHarduseProportion'],
} as const satisfies Record<string, readonly ColumnKey[]>;
export type GroupKey = keyof typeof COLUMN_GROUPS;

export const groupOf = (key: ColumnKey): GroupKey | null =>
  (Object.keys(COLUMN_GROUPS) as GroupKey[]).find((g) => (COLUMN_GROUPS[g] as readonly ColumnKey[]).includes(key)) ??
  null;

/** Ascending or descending, rows without a value always come last. */
export function compareValues(
  a: number | string | null,
  b: number | string | null,
  order: 'ascend' | 'descend' | null | undefined,
): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    // antd reverses the result for descending order: flip so that nulls stay at the bottom.
    const last = a === null ? 1 : -1;
    return order === 'descend' ? -last : last;
  }
  if (typeof a === 'string' || typeof b === 'string') return String(a).localeCompare(String(b));
  return a - b;
}

const headerTestId = (key: ColumnKey) =>
  ({ 'data-testid': `site-overview-sort-${key}` }) as HTMLAttributes<HTMLElement>;

/** The table's columns: visible ones only, grouped, sortable, with the remembered sort applied. */
export function buildColumns(
  t: TFunction,
  fmt: Fmt,
  colors: Record<SiteStatus, string>,
  visible: readonly ColumnKey[],
  sort: SortPref,
): (ColumnType<SiteOverviewRow> | ColumnGroupType<SiteOverviewRow>)[] {
  const specs = columnSpecs(t, fmt, colors);
  const leaf = (key: ColumnKey, inGroup: boolean): ColumnType<SiteOverviewRow> => {
    const spec = specs[key];
    return {
      key,
      dataIndex: key,
      title: createElement(HeaderTitle, {
        text: t(inGroup ? `siteOverview.short.${key}` : `siteOverview.col.${key}`),
        hint: spec.hint,
      }),
      width: spec.width,
      align: key === 'name' || key === 'status' ? 'left' : 'right',
      fixed: key === 'name' || key === 'status' ? 'left' : undefined,
      sorter: { compare: (a, b, order) => compareValues(spec.value(a), spec.value(b), order) },
      sortOrder: sort?.key === key ? sort.order : null,
      showSorterTooltip: false,
      onHeaderCell: () => headerTestId(key),
      onCell: () => ({ 'data-col': key }) as HTMLAttributes<HTMLElement>,
      render: (_: unknown, r: SiteOverviewRow) => spec.render(r),
    };
  };
  const out: (ColumnType<SiteOverviewRow> | ColumnGroupType<SiteOverviewRow>)[] = [];
  const placed = new Set<GroupKey>();
  for (const key of COLUMN_KEYS) {
    if (!visible.includes(key)) continue;
    const group = groupOf(key);
    if (!group) {
      out.push(leaf(key, false));
      continue;
    }
    if (placed.has(group)) continue;
    placed.add(group);
    const children = COLUMN_GROUPS[group].filter((k) => visible.includes(k)).map((k) => leaf(k, true));
    out.push({ key: `group-${group}`, title: t(`siteOverview.group.${group}`), children });
  }
  return out;
}
