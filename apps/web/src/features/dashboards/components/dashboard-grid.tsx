import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import {
  DASHBOARD_ROW_PX,
  type DashboardData,
  type DashboardWidget,
  WIDGET_MAX_ROWS,
  WIDGET_WIDTHS,
} from '@ess/contract';
import { Button, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { moved, widgetTitle } from '../model/widget-layout';
import styles from './dashboard-grid.module.css';
import { WidgetView } from './widget-view';

const GAP_PX = 12;
/** Card padding and title row: what a widget's body does not get of its cells. */
const CHROME_PX = 50;

/** A widget's body height for its rows (the grid's rows and gaps, less its title and padding). */
export const bodyHeight = (h: number) => h * DASHBOARD_ROW_PX + (h - 1) * GAP_PX - CHROME_PX;

type Props = {
  widgets: readonly DashboardWidget[];
  data: DashboardData | undefined;
  tone: 'page' | 'wall';
  /** Signed in: widgets that can follow the live socket do. */
  live?: boolean;
  /** Given: the layout is being edited (order, size, settings, removal). */
  onChange?: (widgets: DashboardWidget[]) => void;
  onEdit?: (widget: DashboardWidget) => void;
};

/** The dashboard's widgets on its 12-column grid, each its width in columns and its height in rows. */
export function DashboardGrid({ widgets, data, tone, live = false, onChange, onEdit }: Props) {
  const { t } = useTranslation();
  const stationName = (id: number | null) =>
    id === null ? t('dashboards.fleet') : (data?.stations.find((s) => s.id === id)?.name ?? '');
  const set = (i: number, w: DashboardWidget) => onChange?.(widgets.map((x, j) => (j === i ? w : x)));
  return (
    <div className={styles.grid} data-testid="dashboard-grid">
      {widgets.map((w, i) => (
        <section
          key={w.key}
          className={`${styles.cell} ${styles[tone]} ${styles[`w${w.w}`]} ${styles[`h${w.h}`]}`}
          data-testid={`widget-${w.key}`}
          data-kind={w.kind}
          aria-label={widgetTitle(w, t)}
        >
          <header className={styles.head}>
            <span className={styles.title} title={widgetTitle(w, t)}>
              {widgetTitle(w, t)}
            </span>
            {'stationId' in w && <span className={styles.station}>{stationName(w.stationId)}</span>}
            {onChange && (
              <Space size={2}>
                <Select
                  size="small"
                  value={w.w}
                  aria-label={t('dashboards.width')}
                  popupMatchSelectWidth={false}
                  options={WIDGET_WIDTHS.map((n) => ({ value: n, label: t('dashboards.columns', { count: n }) }))}
                  onChange={(n) => set(i, { ...w, w: n })}
                />
                <Select
                  size="small"
                  value={w.h}
                  aria-label={t('dashboards.height')}
                  popupMatchSelectWidth={false}
                  options={Array.from({ length: WIDGET_MAX_ROWS }, (_, k) => ({
                    value: k + 1,
                    label: t('dashboards.rows', { count: k + 1 }),
                  }))}
                  onChange={(n) => set(i, { ...w, h: n })}
                />
                <Tooltip title={t('dashboards.moveUp')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('dashboards.moveUp')}
                    disabled={i === 0}
                    onClick={() => onChange(moved(widgets, i, -1))}
                  />
                </Tooltip>
                <Tooltip title={t('dashboards.moveDown')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('dashboards.moveDown')}
                    disabled={i === widgets.length - 1}
                    onClick={() => onChange(moved(widgets, i, 1))}
                  />
                </Tooltip>
                <Tooltip title={t('dashboards.editWidget')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<SettingOutlined />}
                    aria-label={t('dashboards.editWidget')}
                    onClick={() => onEdit?.(w)}
                    data-testid={`widget-${w.key}-settings`}
                  />
                </Tooltip>
                <Tooltip title={t('dashboards.remove')}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('dashboards.remove')}
                    onClick={() => onChange(widgets.filter((_, j) => j !== i))}
                  />
                </Tooltip>
              </Space>
            )}
          </header>
          <div className={styles.body}>
            <WidgetView data={data?.widgets[w.key]} height={bodyHeight(w.h)} tone={tone} live={live} />
          </div>
        </section>
      ))}
    </div>
  );
}
