import type { WidgetData } from '@ess/contract';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EnergyFlow, hasFlowData } from '@/components/energy-flow';
import { StationMap } from '@/components/station-map';
import { EChart } from '@/lib/charts/echart';
import { useFormat } from '@/lib/format/use-format';
import { clockOf } from '@/lib/station/station-time';
import { palette } from '@/lib/theme/palette';
import { curveOption } from './curve-option';
import { PointTableWidget } from './point-table-widget';
import styles from './widget-view.module.css';

type Props = {
  data: WidgetData | undefined;
  /** The body's height in px: charts are drawn to it. */
  height: number;
  tone: 'page' | 'wall';
  /** Signed in: a point table follows the live socket between the dashboard's readings. */
  live?: boolean;
};

/**
 * What one widget shows, from the dashboard's one answer (signed in or through a link): it makes
 * no call of its own, so a published dashboard shows exactly what its widgets hold. Signed in,
 * a point table also follows its station's live socket.
 */
export function WidgetView({ data, height, tone, live = false }: Props) {
  const { t } = useTranslation();
  if (!data) return <div className={styles.message}>-</div>;
  if ('error' in data) return <div className={styles.message}>{t(`dashboards.${data.error}`)}</div>;
  switch (data.kind) {
    case 'kpi':
      return <KpiView data={data} />;
    case 'curve':
      return <CurveView data={data} height={height} />;
    case 'energyFlow':
      return hasFlowData(data.summary) ? (
        <div className={styles.fill}>
          {/* Less the panel’s padding and the two lines under the diagram (balance, signs). */}
          <EnergyFlow summary={data.summary} ratedKw={data.ratedKw} maxHeight={height - 60} />
        </div>
      ) : (
        <div className={styles.message}>{t('dashboards.noFlow')}</div>
      );
    case 'alarms':
      return <AlarmsView data={data} />;
    case 'map': {
      const focus = data.markers.find((m) => m.id === data.focus);
      return (
        <div className={styles.fill}>
          <StationMap markers={data.markers} province={focus?.provinceCode ?? null} tone={tone} />
        </div>
      );
    }
    case 'devices':
      return <DevicesView data={data} height={height} />;
    case 'points':
      return <PointTableWidget data={data} height={height} live={live} />;
  }
}

function KpiView({ data }: { data: Extract<WidgetData, { kind: 'kpi' }> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const v = data.value;
  const text: Record<typeof data.metric, () => string> = {
    storagePower: () => f.energy(v, 'kW'),
    soc: () => (v === null ? '-' : `${f.number(v, 1)}%`),
    todayCharge: () => f.energy(v),
    todayDischarge: () => f.energy(v),
    todayRevenue: () => f.money(v),
    capacity: () => f.energy(v),
    onlineRate: () => (v === null ? '-' : `${f.number(v, 1)}%`),
    activeAlarms: () => f.number(v, 0),
  };
  const note =
    data.metric === 'todayRevenue' && data.currency
      ? t('dashboards.kpiRevenueStations', { count: data.stations, currency: data.currency })
      : t('dashboards.kpiStations', { count: data.stations });
  return (
    <div className={styles.kpi}>
      <div className={styles.kpiValue} data-testid="widget-kpi-value">
        {text[data.metric]()}
      </div>
      <div className={styles.kpiNote}>{note}</div>
    </div>
  );
}

function CurveView({ data, height }: { data: Extract<WidgetData, { kind: 'curve' }>; height: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const option = useMemo(() => {
    const names = new Map(data.devices.map((d) => [d.id, d.name]));
    return curveOption(
      data,
      (id) => names.get(id) ?? String(id),
      (v, unit) => f.value(v, unit, 2),
    );
  }, [data, f]);
  if (!data.series.some((s) => s.data.length > 0)) {
    return <div className={styles.message}>{t('dashboards.noCurve')}</div>;
  }
  return <EChart option={option} height={height} renderer="svg" />;
}

function AlarmsView({ data }: { data: Extract<WidgetData, { kind: 'alarms' }> }) {
  const { t } = useTranslation();
  if (data.rows.length === 0) return <div className={styles.message}>{t('dashboards.noAlarms')}</div>;
  return (
    <>
      <ul className={styles.alarms} data-testid="widget-alarm-list">
        {data.rows.map((a) => (
          <li key={a.id} className={styles.alarm}>
            <span className={styles.level} style={{ background: palette.alarmLevel[a.level] }} />
            <span className={styles.alarmText} title={`${a.stationName} · ${a.content}`}>
              {a.stationName} · {a.content}
            </span>
            <span className={styles.alarmTime}>{clockOf(a.timezone).shortDateTime(a.raisedAt)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.total}>{t('dashboards.alarmsTotal', { count: data.total })}</div>
    </>
  );
}

function DevicesView({ data, height }: { data: Extract<WidgetData, { kind: 'devices' }>; height: number }) {
  const { t } = useTranslation();
  const rows = [...data.status.types, { ...data.status.total, type: 'total', typeName: t('dashboards.deviceTotal') }];
  return (
    <Table
      size="small"
      rowKey="type"
      pagination={false}
      scroll={{ y: Math.max(60, height - 48) }}
      dataSource={rows}
      columns={[
        { title: t('dashboards.deviceType'), dataIndex: 'typeName', ellipsis: true },
        { title: t('dashboards.deviceOnline'), dataIndex: 'online', align: 'right' },
        { title: t('dashboards.deviceOffline'), dataIndex: 'offline', align: 'right' },
        { title: t('dashboards.deviceFault'), dataIndex: 'fault', align: 'right' },
      ]}
    />
  );
}
