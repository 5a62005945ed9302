import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { SiteOverviewRow } from '@ess/contract';
import { Button, Card, Empty, Input, Result, Table, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '@/lib/format/use-format';
import { useSession } from '@/lib/session/session-store';
import { countByLegend, inLegend, type LegendKey, useStatusColors } from '@/lib/station/site-status';
import { useSiteOverview } from '../api/get-site-overview';
import { ColumnChooser } from '../components/column-chooser';
import { FleetSummary } from '../components/fleet-summary';
import { buildColumns, COLUMN_KEYS, DEFAULT_HIDDEN } from '../components/site-columns';
import { StatusLegend } from '../components/status-legend';
import { type TablePrefs, useTablePrefs } from '../hooks/use-table-prefs';
import styles from './site-overview-page.module.css';

/** Where the column and sort choice is remembered (local storage). */
export const PREFS_KEY = 'ess.siteOverview.table';
const SITE_HOME = '/surveillance/site-homepage';
const DEFAULT_PREFS: TablePrefs = { hidden: [...DEFAULT_HIDDEN], sort: null };

const matches = (r: SiteOverviewRow, q: string) =>
  !q || r.name.toLowerCase().includes(q) || r.code.toLowerCase().includes(q);

/**
 * Monitoring overview of sites: one row per station in the user's scope with the spec 3 columns,
 * refreshed every 30 s, sortable and with selectable columns (both remembered); a click on a row
 * makes that station current and opens its home page.
 */
export function SiteOverviewPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const setStation = useSession((s) => s.setStation);
  const { data, isPending, isError, isFetching, refetch, dataUpdatedAt } = useSiteOverview();
  const { prefs, setHidden, setSort, reset } = useTablePrefs(PREFS_KEY, COLUMN_KEYS, DEFAULT_PREFS);
  const colors = useStatusColors();
  const [legend, setLegend] = useState<LegendKey | null>(null);
  const [query, setQuery] = useState('');

  const rows = data ?? [];
  const counts = useMemo(() => countByLegend(rows), [rows]);
  const q = query.trim().toLowerCase();
  const shown = rows.filter((r) => (legend === null || inLegend(r, legend)) && matches(r, q));
  const visible = useMemo(() => COLUMN_KEYS.filter((k) => !prefs.hidden.includes(k)), [prefs.hidden]);
  const columns = useMemo(
    () => buildColumns(t, fmt, colors, visible, prefs.sort),
    [t, fmt, colors, visible, prefs.sort],
  );
  const filtered = q !== '' || legend !== null;
  const clearFilters = () => {
    setQuery('');
    setLegend(null);
  };
  // An empty scope and a filter that matches nothing are different situations, said differently.
  const emptyText =
    rows.length === 0 || !filtered ? (
      <Empty description={t('siteOverview.empty')} />
    ) : (
      <Empty
        description={
          <span data-testid="site-overview-no-match">
            {q !== ''
              ? t('siteOverview.noMatch', { query: query.trim() })
              : t('siteOverview.noneInStatus', { status: t(`siteOverview.legendItem.${legend ?? 'normal'}`) })}
          </span>
        }
      >
        <Button size="small" onClick={clearFilters} data-testid="site-overview-clear-filters">
          {t('siteOverview.clearFilters')}
        </Button>
      </Empty>
    );

  const open = (r: SiteOverviewRow) => {
    setStation(r.stationId);
    navigate(SITE_HOME);
  };

  if (isError && !data) {
    return (
      <Result
        status="warning"
        title={t('siteOverview.loadFailed')}
        extra={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <div className={styles.page} data-testid="site-overview">
      <FleetSummary rows={shown} />
      <Card
        className={styles.card}
        title={
          <div className={styles.title}>
            <span>{t('siteOverview.title')}</span>
            <StatusLegend counts={counts} active={legend} onPick={setLegend} />
          </div>
        }
        extra={
          <div className={styles.tools}>
            <Input
              allowClear
              size="small"
              prefix={<SearchOutlined />}
              placeholder={t('siteOverview.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className={styles.search}
              data-testid="site-overview-search"
            />
            <Tooltip title={t('siteOverview.autoRefresh')}>
              <span className={styles.updated} data-testid="site-overview-updated">
                {dataUpdatedAt ? t('siteOverview.updated', { ago: fmt.ago(dataUpdatedAt) }) : null}
              </span>
            </Tooltip>
            <Button
              icon={<ReloadOutlined spin={isFetching} />}
              onClick={() => void refetch()}
              aria-label={t('siteOverview.refresh')}
              data-testid="site-overview-refresh"
            />
            <ColumnChooser hidden={prefs.hidden} onChange={setHidden} onReset={reset} />
          </div>
        }
      >
        <Table<SiteOverviewRow>
          data-testid="site-overview-table"
          rowKey="stationId"
          size="small"
          bordered
          sticky
          loading={isPending}
          columns={columns}
          dataSource={shown}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: true }}
          locale={{ emptyText }}
          rowClassName={() => styles.row ?? ''}
          onRow={(r) =>
            ({
              onClick: () => open(r),
              title: t('siteOverview.openStation', { name: r.name }),
              'data-testid': `site-overview-row-${r.stationId}`,
            }) as HTMLAttributes<HTMLElement>
          }
          onChange={(_p, _f, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<SiteOverviewRow> | undefined;
            const key = typeof s?.columnKey === 'string' ? s.columnKey : null;
            setSort(key && s?.order ? { key, order: s.order } : null);
          }}
        />
      </Card>
    </div>
  );
}
