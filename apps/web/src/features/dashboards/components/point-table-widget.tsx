import type { LiveValues, WidgetData, WidgetPoint } from '@ess/contract';
import { Input } from 'antd';
import { type UIEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePointFormat } from '@/components/device-widgets/point-format';
import { useFormat } from '@/lib/format/use-format';
import { useStationLive } from '@/lib/live/use-station-live';
import { clockOf } from '@/lib/station/station-time';
import styles from './widget-view.module.css';

type PointsData = Extract<WidgetData, { kind: 'points' }>;
type Row = { key: string; deviceId: number; device: string; point: WidgetPoint };

const ROW_PX = 26;
/** Rows drawn above and below the visible ones, so a fast scroll shows no blank band. */
const OVERSCAN = 8;
/** The search box and the count line: what the list does not get of the body. */
const CHROME_PX = 64;

/**
 * Every point of a station's devices, live while signed in: only the rows in view are drawn,
 * so a plant of 20,000 points scrolls and updates as lightly as one of 50 (bench:screen). The
 * newest sample of the dashboard's answer and the socket wins.
 */
export function PointTableWidget({ data, height, live }: { data: PointsData; height: number; live: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const format = usePointFormat();
  const stream = useStationLive(live ? data.stationId : null);
  const [search, setSearch] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const clock = clockOf(data.timezone);

  const all = useMemo<Row[]>(
    () =>
      data.devices.flatMap((d) =>
        d.points.map((p) => ({ key: `${d.id}/${p.code}`, deviceId: d.id, device: d.name, point: p })),
      ),
    [data.devices],
  );
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return all;
    return all.filter(
      (r) =>
        r.device.toLowerCase().includes(q) ||
        r.point.name.toLowerCase().includes(q) ||
        r.point.code.toLowerCase().includes(q),
    );
  }, [all, search]);

  const viewPx = Math.max(ROW_PX * 3, height - CHROME_PX);
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewPx) / ROW_PX) + OVERSCAN);
  const sampleOf = (r: Row) => newest(r.point, stream.devices[r.deviceId]?.[r.point.code]);

  return (
    <div className={styles.pointTable}>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('dashboards.pointsSearch')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setScrollTop(0);
        }}
        data-testid="widget-points-search"
      />
      <div className={styles.pointHead}>
        <span>{t('dashboards.pointsDevice')}</span>
        <span>{t('dashboards.pointsPoint')}</span>
        <span>{t('dashboards.pointsValue')}</span>
        <span>{t('dashboards.pointsTime')}</span>
      </div>
      <div
        className={styles.pointScroll}
        style={{ height: viewPx }}
        onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="widget-points-list"
      >
        <div style={{ height: rows.length * ROW_PX, position: 'relative' }}>
          {rows.slice(first, last).map((r, i) => {
            const s = sampleOf(r);
            return (
              <div
                key={r.key}
                data-testid="widget-point-row"
                className={styles.pointRow}
                style={{ top: (first + i) * ROW_PX, height: ROW_PX }}
              >
                <span title={r.device}>{r.device}</span>
                <span title={`${r.point.name} (${r.point.code})`}>{r.point.name}</span>
                <span className={styles.pointValue}>{format(r.point, s ?? undefined)}</span>
                <span className={styles.pointTime}>{s ? clock.time(s.ts) : '-'}</span>
              </div>
            );
          })}
        </div>
      </div>
      <div className={styles.total} data-testid="widget-points-count" data-count={all.length}>
        {t('dashboards.pointsCount', {
          count: all.length,
          shown: f.number(rows.length, 0),
          devices: data.devices.length,
        })}
      </div>
    </div>
  );
}

/** The newer of the answer's sample and the socket's. */
function newest(p: WidgetPoint, live: LiveValues[string] | undefined): { value: number; ts: number } | null {
  const answered = p.value !== null && p.ts !== null ? { value: p.value, ts: p.ts } : null;
  if (!live) return answered;
  return !answered || live.ts >= answered.ts ? live : answered;
}
