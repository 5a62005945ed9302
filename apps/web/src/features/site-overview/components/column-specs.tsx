import type { SiteOverviewRow } from '@ess/contract';
import { Badge, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { useFormat } from '@/lib/format/use-format';
import { durationText } from '../duration';
import { STATUS_COLOR, STATUS_SEVERITY } from '../site-status';
import type { ColumnKey } from './site-columns';
import styles from './site-columns.module.css';
import { UsageBar } from './usage-bar';

/** The LFP comfort band the air conditioning keeps (domain.md): cell temperatures outside it are flagged. */
const CELL_TEMP_OK = { min: 15, max: 35 };

export type Fmt = ReturnType<typeof useFormat>;
export type CellSpec = {
  width: number;
  value: (r: SiteOverviewRow) => number | string | null;
  render: (r: SiteOverviewRow) => ReactNode;
};

const dash = '-';

/** Sort value and cell of every column. */
export function columnSpecs(t: TFunction, fmt: Fmt): Record<ColumnKey, CellSpec> {
  const energy = (v: number | null) => fmt.energy(v);
  const temp = (v: number | null, flag: boolean) => {
    const hot = flag && v !== null && (v < CELL_TEMP_OK.min || v > CELL_TEMP_OK.max);
    return <span className={hot ? styles.warn : undefined}>{fmt.value(v, '°C', 1)}</span>;
  };
  const count = (v: number | null) => (v === null ? dash : fmt.number(v, 0));
  return {
    status: {
      width: 120,
      value: (r) => STATUS_SEVERITY[r.status],
      render: (r) => <Badge color={STATUS_COLOR[r.status]} text={t(`siteOverview.status.${r.status}`)} />,
    },
    name: {
      width: 200,
      value: (r) => r.name,
      render: (r) => (
        <div className={styles.name}>
          <span className={styles.station}>{r.name}</span>
          <span className={styles.code}>{r.code}</span>
        </div>
      ),
    },
    capacity: { width: 110, value: (r) => r.capacity, render: (r) => energy(r.capacity) },
    alarmStatus: {
      width: 96,
      value: (r) => r.alarmStatus,
      render: (r) =>
        r.alarmStatus === null ? (
          dash
        ) : r.alarmStatus > 0 ? (
          <Tag color="error">{t('siteOverview.alarm.active')}</Tag>
        ) : (
          <Tag color="success">{t('siteOverview.alarm.none')}</Tag>
        ),
    },
    alarmNum: { width: 80, value: (r) => r.alarmNum, render: (r) => count(r.alarmNum) },
    alarmUnresolvedNum: { width: 90, value: (r) => r.alarmUnresolvedNum, render: (r) => count(r.alarmUnresolvedNum) },
    pcsConversion: {
      width: 110,
      value: (r) => r.pcsConversion,
      render: (r) => fmt.value(r.pcsConversion, '%', 1),
    },
    time: {
      width: 120,
      value: (r) => r.time,
      render: (r) =>
        r.time === null ? (
          dash
        ) : (
          <Tooltip
            title={
              r.offlineSince === null
                ? undefined
                : t('siteOverview.since', { time: dayjs(r.offlineSince).format('YYYY-MM-DD HH:mm') })
            }
          >
            <span className={styles.lost}>
              {durationText(r.time, (part, n) => t(`siteOverview.duration.${part}`, { count: n }))}
            </span>
          </Tooltip>
        ),
    },
    dailyCharge: { width: 110, value: (r) => r.dailyCharge, render: (r) => energy(r.dailyCharge) },
    dailyDischarge: { width: 110, value: (r) => r.dailyDischarge, render: (r) => energy(r.dailyDischarge) },
    // Totals arrive in MWh (spec 3); spec 9 formatting starts from kWh and switches at 10,000.
    totalChargeE: {
      width: 110,
      value: (r) => r.totalChargeE,
      render: (r) => energy(r.totalChargeE === null ? null : r.totalChargeE * 1000),
    },
    totalDischargeE: {
      width: 110,
      value: (r) => r.totalDischargeE,
      render: (r) => energy(r.totalDischargeE === null ? null : r.totalDischargeE * 1000),
    },
    minTemperature: { width: 90, value: (r) => r.minTemperature, render: (r) => temp(r.minTemperature, true) },
    maxTemperature: { width: 90, value: (r) => r.maxTemperature, render: (r) => temp(r.maxTemperature, true) },
    pcsMaxTemperature: {
      width: 100,
      value: (r) => r.pcsMaxTemperature,
      render: (r) => temp(r.pcsMaxTemperature, false),
    },
    emsCpuuseProportion: {
      width: 110,
      value: (r) => r.emsCpuuseProportion,
      render: (r) => <UsageBar value={r.emsCpuuseProportion} text={fmt.value(r.emsCpuuseProportion, '%', 1)} />,
    },
    emsMemuseProportion: {
      width: 110,
      value: (r) => r.emsMemuseProportion,
      render: (r) => <UsageBar value={r.emsMemuseProportion} text={fmt.value(r.emsMemuseProportion, '%', 1)} />,
    },
    emsHarduseProportion: {
      width: 110,
      value: (r) => r.emsHarduseProportion,
      render: (r) => <UsageBar value={r.emsHarduseProportion} text={fmt.value(r.emsHarduseProportion, '%', 1)} />,
    },
  };
}
