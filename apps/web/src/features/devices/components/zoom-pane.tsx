import { CompressOutlined, ExpandOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './topology.module.css';

export const ZOOM_MIN = 0.4;
export const ZOOM_MAX = 2.5;
const STEP = 1.25;

type Props = {
  paneRef: RefObject<HTMLDivElement | null>;
  /** The scale shown. */
  scale: number;
  /** null: fit to the pane's width. */
  onZoom: (scale: number | null) => void;
  children: ReactNode;
};

/** A scrollable pane with zoom controls: fit width (default), zoom in and out, actual size. */
export function ZoomPane({ paneRef, scale, onZoom, children }: Props) {
  const { t } = useTranslation();
  const clamp = (s: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, s));
  return (
    <div className={styles.pane} ref={paneRef} data-testid="zoom-pane">
      <div className={styles.toolbar}>
        <Tooltip title={t('devices.topology.zoomOut')}>
          <Button
            size="small"
            type="text"
            icon={<ZoomOutOutlined />}
            aria-label={t('devices.topology.zoomOut')}
            onClick={() => onZoom(clamp(scale / STEP))}
            disabled={scale <= ZOOM_MIN}
          />
        </Tooltip>
        <span data-testid="zoom-level">{Math.round(scale * 100)}%</span>
        <Tooltip title={t('devices.topology.zoomIn')}>
          <Button
            size="small"
            type="text"
            icon={<ZoomInOutlined />}
            aria-label={t('devices.topology.zoomIn')}
            onClick={() => onZoom(clamp(scale * STEP))}
            disabled={scale >= ZOOM_MAX}
          />
        </Tooltip>
        <Tooltip title={t('devices.topology.fit')}>
          <Button
            size="small"
            type="text"
            icon={<CompressOutlined />}
            aria-label={t('devices.topology.fit')}
            onClick={() => onZoom(null)}
          />
        </Tooltip>
        <Tooltip title={t('devices.topology.actual')}>
          <Button
            size="small"
            type="text"
            icon={<ExpandOutlined />}
            aria-label={t('devices.topology.actual')}
            onClick={() => onZoom(1)}
          />
        </Tooltip>
      </div>
      {children}
    </div>
  );
}
