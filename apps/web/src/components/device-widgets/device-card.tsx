import type { DeviceStatus, DeviceType, PointMeta } from '@ess/contract';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TONE_COLORS, toneOf } from './device-tone';
import { type DeviceValues, newestTs, stateLabel } from './device-values';
import styles from './device-widgets.module.css';
import { usePointFormat } from './point-format';
import { PointReading } from './point-reading';
import { RelativeTime } from './relative-time';
import { SocBar } from './soc-bar';
import { ToneTag } from './tone-tag';
import { DEVICE_WIDGETS } from './widget-registry';
import { metricCode } from './widget-types';

export type CardDevice = {
  id: number;
  sn: string;
  name: string;
  type: DeviceType;
  status: DeviceStatus;
  lastSeenAt: number | null;
};

type Props = {
  device: CardDevice;
  /** Point definitions of the device's type (names, units, state labels). */
  points: readonly PointMeta[];
  values: DeviceValues;
  onOpen?: (deviceId: number) => void;
  selected?: boolean;
};

/**
 * The card of any device: state, key figures and freshness, as its type's widget defines.
 * Memoised: on a station's screen only the cards of devices that reported re-render.
 */
export const DeviceCard = memo(function DeviceCard({ device, points, values, onOpen, selected = false }: Props) {
  const { t } = useTranslation();
  const format = usePointFormat();
  const widget = DEVICE_WIDGETS[device.type];
  const meta = (code: string) => points.find((p) => p.code === code);
  const tone = toneOf(widget, device.status, values);
  const label = widget.state ? stateLabel(meta(widget.state.code), values[widget.state.code]) : null;
  const metrics = widget.metrics.length
    ? widget.metrics
    : points
        .filter((p) => p.kind === 'telemetry')
        .map((p) => p.code)
        .slice(0, 4);
  const lastSeen = newestTs(values) ?? device.lastSeenAt;
  const Icon = widget.icon;
  const headline = widget.headline ? meta(widget.headline) : undefined;
  const gauge = widget.gauge ? meta(widget.gauge) : undefined;
  const open = () => onOpen?.(device.id);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };

  return (
    <article
      className={styles.card}
      style={{ borderTopColor: TONE_COLORS[tone] }}
      data-testid={`device-card-${device.sn}`}
      data-tone={tone}
      data-selected={selected || undefined}
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      aria-label={onOpen ? t('deviceWidgets.open', { name: device.name }) : undefined}
      onClick={onOpen ? open : undefined}
      onKeyDown={onOpen ? onKey : undefined}
    >
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} style={{ color: TONE_COLORS[tone] }}>
          <Icon />
        </span>
        <span className={styles.cardTitle}>
          <strong title={device.name}>{device.name}</strong>
          <small title={device.sn}>{device.sn}</small>
        </span>
        <ToneTag tone={tone} label={label} />
      </header>
      {headline && (
        <div className={styles.headline}>
          <span className={styles.headlineValue} data-testid="card-headline">
            {format(headline, values[headline.code])}
          </span>
          <span className={styles.headlineName}>{headline.name}</span>
        </div>
      )}
      {gauge && <SocBar value={values[gauge.code]?.value ?? null} label={gauge.name} />}
      <dl className={styles.metrics}>
        {metrics.map((m) => {
          const code = metricCode(m);
          const p = meta(code);
          if (!p) return null;
          const cell = typeof m === 'string' ? undefined : values[m.cell];
          return (
            <div key={code} className={styles.metric}>
              <dt title={p.name}>{p.name}</dt>
              <dd>
                <PointReading point={p} value={values[code]} />
                {cell && <small className={styles.cellNo}>{t('deviceWidgets.cell', { no: cell.value })}</small>}
              </dd>
            </div>
          );
        })}
      </dl>
      <footer className={styles.cardFoot}>
        {lastSeen === null ? (
          t('deviceWidgets.neverSeen')
        ) : (
          <RelativeTime ts={lastSeen} render={(ago) => t('deviceWidgets.updated', { ago })} />
        )}
      </footer>
    </article>
  );
});
