import { InfoCircleOutlined } from '@ant-design/icons';
import { ALARM_LEVELS, type AlarmLevel, DISCHARGE_SOC_FLOOR_PCT, type SiteOverviewRow } from '@ess/contract';
import { Badge, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { CAPABILITIES } from '@/lib/capabilities';
import type { useFormat } from '@/lib/format/use-format';
import { type SiteStatus, STATUS_SEVERITY } from '@/lib/station/site-status';
import { stationTime } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';
import type { ColumnKey } from './site-columns';
import styles from './site-columns.module.css';
import { UsageBar } from './usage-bar';

const isAlarmLevel = (v: number): v is AlarmLevel => (ALARM_LEVELS as readonly number[]).includes(v);

/** The LFP comfort band the air conditioning keeps (domain.md): cell temperatures outside it are flagged. */
const CELL_TEMP_OK = { min: 15, max: 35 };

export type Fmt = ReturnType<typeof useFormat>;
export type CellSpec = {
  width: number;
  value: (r: SiteOverviewRow) => number | string | null;
  render: (r: SiteOverviewRow) => ReactNode;
  /** What the column means, shown by an info icon in its header. */
  hint?: string;
};

/** No data: the same mark in every column. */
const dash = '-';
/** When a site went offline, on its own clock, with its zone where the browser reads another. */
const sinceText = (ms: number, zone: string): string => {
  const clock = stationTime(zone);
  return clock.differs ? `${clock.dateMinute(ms)} (${clock.label})` : clock.dateMinute(ms);
};
/** Not available yet (a later capability fills the column), distinct from "no data". */
const pending = '—';

/** A header's text and, when the column needs explaining, an info icon with the explanation. */
export function HeaderTitle({ text, hint }: { text: string; hint?: string }) {
  if (!hint) return text;
  return (
    <span className={styles.header}>
      {text}
      <Tooltip title={hint}>
        <InfoCircleOutlined className={styles.hint} aria-label={hint} />
      </Tooltip>
    </span>
  );
}

/** Sort value and cell of every column. */
export function columnSpecs(t: TFunction, fmt: Fmt, colors: Record<SiteStatus, string>): Record<ColumnKey, CellSpec> {
  const energy = (v: number | null) => fmt.energy(v);
  const temp = (v: number | null, flag: boolean) => {
    const hot = flag && v !== null && (v < CELL_TEMP_OK.min || v > CELL_TEMP_OK.max);
    return <span className={hot ? styles.warn : undefined}>{fmt.value(v, '°C', 1)}</span>;
  };
  const alarmsPending = !CAPABILITIES.alarmCount;
  const alarmHint = alarmsPending ? t('siteOverview.alarm.pending') : undefined;
  const alarmCell = (content: () => ReactNode) =>
    alarmsPending ? (
      <Tooltip title={alarmHint}>
        <span className={styles.pending} data-testid="site-overview-alarm-pending">
          {pending}
        </span>
      </Tooltip>
    ) : (
      content()
    );
  const count = (v: number | null) => alarmCell(() => (v === null ? dash : fmt.number(v, 0)));
  return {
    status: {
      width: 150,
      value: (r) => STATUS_SEVERITY[r.status],
      render: (r) => (
        <Badge
          color={colors[r.status]}
          text={t(`siteOverview.status.${r.status}`)}
          data-testid={`site-overview-status-${r.stationId}`}
        />
      ),
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
    storagePower: {
      width: 110,
      value: (r) => r.storagePower,
      render: (r) => fmt.energy(r.storagePower, 'kW'),
      hint: t('siteOverview.hint.storagePower'),
    },
    soc: { width: 80, value: (r) => r.soc, render: (r) => fmt.value(r.soc, '%', 1) },
    dischargeableEnergy: {
      width: 120,
      value: (r) => r.dischargeableEnergy,
      render: (r) => energy(r.dischargeableEnergy),
      hint: t('siteOverview.hint.dischargeableEnergy', { floor: DISCHARGE_SOC_FLOOR_PCT }),
    },
    alarmStatus: {
      width: 96,
      value: (r) => r.alarmStatus,
      render: (r) =>
        alarmCell(() =>
          r.alarmStatus === null ? (
            dash
          ) : isAlarmLevel(r.alarmStatus) ? (
            // The most severe active alarm's level, in the alarm centre's colours.
            <Tag color={palette.alarmLevel[r.alarmStatus]}>{t(`siteOverview.alarm.level.l${r.alarmStatus}`)}</Tag>
          ) : r.alarmStatus > 0 ? (
            <Tag color="error">{t('siteOverview.alarm.active')}</Tag>
          ) : (
            <Tag color="success">{t('siteOverview.alarm.none')}</Tag>
          ),
        ),
      hint: alarmHint,
    },
    alarmNum: { width: 80, value: (r) => r.alarmNum, render: (r) => count(r.alarmNum), hint: alarmHint },
    alarmUnresolvedNum: {
      width: 90,
      value: (r) => r.alarmUnresolvedNum,
      render: (r) => count(r.alarmUnresolvedNum),
      hint: alarmHint,
    },
    pcsConversion: {
      width: 136,
      value: (r) => r.pcsConversion,
      render: (r) => fmt.value(r.pcsConversion, '%', 1),
      hint: t('siteOverview.hint.pcsConversion'),
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
                : t('siteOverview.since', { time: sinceText(r.offlineSince, r.timezone) })
            }
          >
            <span className={styles.lost}>{fmt.duration(r.time)}</span>
          </Tooltip>
        ),
    },
    dailyCharge: { width: 110, value: (r) => r.dailyCharge, render: (r) => energy(r.dailyCharge) },
    dailyDischarge: { width: 110, value: (r) => r.dailyDischarge, render: (r) => energy(r.dailyDischarge) },
    todayRevenue: {
      width: 110,
      value: (r) => r.todayRevenue,
      render: (r) => fmt.money(r.todayRevenue),
      hint: t('siteOverview.hint.todayRevenue'),
    },
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
