import type { LiveValues } from '@ess/contract';
import { Alert, Card, Empty, Skeleton, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigureButton } from '@/components/point-config/configure-button';
import { useCanConfigure } from '@/components/point-config/use-config-key';
import { usePageCurves } from '@/components/point-config/use-page-curves';
import { usePagePoints } from '@/components/point-config/use-page-points';
import { useFormat } from '@/lib/format/use-format';
import { useNow } from '@/lib/hooks/use-now';
import { seriesColor } from '../hooks/indicators';
import styles from './history.module.css';
import { HistoryChart } from './history-chart';
import type { ChartLine } from './history-chart-option';

/** Where this page's configurable blocks are kept (spec 5/7 pageLocation and divLocation). */
export const QUICK_PAGE = 'history';
const KEY_POINTS = 'keyPoints';
const QUICK_CURVES = 'quickCurves';

/**
 * The configurable part of the page: key points with live values and today's quick curves, both
 * chosen through the point and curve configuration dialogs.
 */
export function QuickView({ live, height }: { live: Record<number, LiveValues>; height: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanConfigure();
  const points = usePagePoints(QUICK_PAGE, KEY_POINTS, { live });
  const curves = usePageCurves(QUICK_PAGE, QUICK_CURVES);
  const now = useNow(60_000);
  const lines = useMemo<ChartLine[]>(
    () =>
      (curves.curves?.series ?? []).map((s, i) => ({
        key: `${s.deviceId}:${s.code}`,
        name: s.name,
        unit: s.unit,
        precision: curves.rows[i]?.precision ?? 2,
        color: seriesColor(i),
        data: s.data,
        ...(s.band ? { band: s.band } : {}),
      })),
    [curves.curves, curves.rows],
  );
  const range = curves.curves ? { from: curves.curves.from, to: Math.max(curves.curves.to, now) } : null;
  const hint = can ? null : <Typography.Text type="secondary">{t('history.quick.readOnly')}</Typography.Text>;

  return (
    <div className={styles.main} data-testid="history-quick">
      <Card
        size="small"
        title={t('history.quick.points')}
        extra={hint ?? <ConfigureButton kind="point" pageLocation={QUICK_PAGE} divLocation={KEY_POINTS} />}
      >
        {points.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : points.isError ? (
          <Alert type="error" showIcon title={t('history.loadFailed')} />
        ) : points.rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.quick.noPoints')} />
        ) : (
          <div className={styles.tiles}>
            {points.rows.map((p) => (
              <div key={p.id} className={styles.tile} data-testid="key-point">
                <div className={styles.tileLabel} title={`${p.deviceName} · ${p.colName}`}>
                  {p.name ?? `${p.deviceName} · ${p.colName}`}
                </div>
                <div className={styles.tileValue}>{p.text ?? fmt.value(p.value, p.unit, p.precision)}</div>
                <div className={styles.tileFoot}>
                  {p.status === 'offline' ? <span className={styles.warn}>{t('history.offline')} · </span> : null}
                  {fmt.ago(p.ts)}
                </div>
              </div>
            ))}
          </div>
        )}
      </Card>
      <Card
        size="small"
        title={t('history.quick.curves')}
        extra={
          hint ?? (
            <ConfigureButton kind="curve" pageLocation={QUICK_PAGE} divLocation={QUICK_CURVES} defaultSensType={1} />
          )
        }
      >
        {curves.isPending ? (
          <Spin>
            <div style={{ height }} />
          </Spin>
        ) : curves.isError ? (
          <Alert type="error" showIcon title={t('history.loadFailed')} />
        ) : curves.rows.length === 0 || !range ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.quick.noCurves')} />
        ) : (
          <HistoryChart lines={lines} range={range} resetKey="today" showBand={false} height={height} />
        )}
      </Card>
    </div>
  );
}
