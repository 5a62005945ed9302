import { PLAN_DELIVERY_STATES, type PlanDeliveryRow, type PlanDeliveryState, planCurveApi } from '@ess/contract';
import { DatePicker, Drawer, Form, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStateTag } from '@/components/command/command-state-tag';
import { FilterBar, type FiltersOf, ListCard, RowActions, ServerListExport, useServerTable } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { labelledInstant, useStationsClock } from '@/lib/format/platform-time';
import { useLang } from '@/lib/i18n/use-lang';
import { usePageTitle } from '@/lib/menu/page-title';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { DeliveryStatusTable } from '../components/delivery-status';
import { PlanPreviewChart } from '../components/plan-charts';
import { PlannedActualCard } from '../components/planned-actual-card';

type Filters = FiltersOf<typeof planCurveApi.deliveryPage>;
type FilterValues = Omit<Filters, 'from' | 'to'> & { range?: [Dayjs, Dayjs] | null };

/** Templates to filter by (one page of the list call is plenty for a picker). */
const TEMPLATE_CHOICES = { pageNum: 1, pageSize: 100, orderBy: 'code', order: 'asc' } as const;

const STATE_COLORS: Record<PlanDeliveryState, string> = {
  inProgress: 'processing',
  success: 'success',
  partial: 'warning',
  failure: 'error',
};

/** Stations of a delivery per command state, in flight first (the two in-flight states are one). */
function stateCounts(row: PlanDeliveryRow) {
  const counts = new Map<string, number>();
  for (const s of row.stations) {
    const k = s.state === 'pending' ? 'sent' : s.state;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts];
}

/**
 * /strategic-management/history-plan-curve: every delivery with its stations' outcomes, the
 * per-station detail, and planned versus actual power of a station's day.
 */
export function HistoryPlanCurvePage() {
  const { t } = useTranslation();
  const clockOfStations = useStationsClock();
  const title = usePageTitle('/strategic-management/history-plan-curve');
  const lang = useLang();
  const stations = stationsOf(useStations(lang).data);
  const [filters, setFilters] = useState<Filters>({});
  const [detail, setDetail] = useState<PlanDeliveryRow | null>(null);
  const table = useServerTable(planCurveApi.deliveryPage, filters);
  const templates = useEndpoint(planCurveApi.page, TEMPLATE_CHOICES);
  // The same call as the detail's status table: one request, shared by the cache.
  const detailPlan = useEndpoint(planCurveApi.deliveryDetail, detail ? { id: detail.id } : null).data;

  const columns: ColumnsType<PlanDeliveryRow> = [
    {
      key: 'createTime',
      title: t('planCurve.history.time'),
      sorter: true,
      width: 170,
      render: (_, r) => labelledInstant(clockOfStations(r.stations.map((s) => s.stationId)), r.createTime),
    },
    {
      key: 'template',
      title: t('planCurve.history.template'),
      render: (_, r) => `${r.templateCode} · ${r.templateName}`,
    },
    { key: 'issuedBy', title: t('planCurve.history.issuer'), width: 120, render: (_, r) => r.issuedBy ?? '-' },
    { key: 'stations', title: t('planCurve.history.stations'), width: 90, render: (_, r) => r.stations.length },
    {
      key: 'state',
      title: t('planCurve.history.counts'),
      render: (_, r) => (
        <Space size={4} wrap data-testid={`plan-history-state-${r.id}`} data-state={r.state}>
          <Tag color={STATE_COLORS[r.state]}>{t(`planCurve.history.state.${r.state}`)}</Tag>
          {stateCounts(r).map(([state, n]) => (
            <Space key={state} size={0}>
              <CommandStateTag state={state as PlanDeliveryRow['stations'][number]['state']} />
              {n}
            </Space>
          ))}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('planCurve.actions'),
      width: 90,
      render: (_, r) => (
        <RowActions
          actions={[
            {
              key: 'detail',
              label: t('planCurve.history.detail'),
              testId: `plan-history-detail-${r.id}`,
              onClick: () => setDetail(r),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <ListCard
        title={title}
        testId="plan-history-page"
        failed={table.query.isError && !table.query.data}
        toolbar={
          <ServerListExport
            list={planCurveApi.deliveryPage}
            filters={filters}
            table={table}
            columns={columns}
            fileName={title}
            testId="plan-history-export"
          />
        }
        filters={
          <FilterBar<FilterValues>
            onSearch={({ range, ...rest }) =>
              setFilters({
                ...rest,
                // The chosen station's days, else the user's.
                ...(range
                  ? clockOfStations(rest.stationId === undefined ? [] : [Number(rest.stationId)]).pickedDays(...range)
                  : {}),
              })
            }
          >
            <Form.Item name="stationId">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('planCurve.history.station')}
                style={{ width: 180 }}
                options={stations.map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
            <Form.Item name="templateId">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('planCurve.history.template')}
                style={{ width: 200 }}
                options={(templates.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${r.name}` }))}
              />
            </Form.Item>
            <Form.Item name="state">
              <Select
                allowClear
                placeholder={t('planCurve.history.stateFilter')}
                style={{ width: 140 }}
                options={PLAN_DELIVERY_STATES.map((s) => ({ value: s, label: t(`planCurve.history.state.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker />
            </Form.Item>
          </FilterBar>
        }
      >
        <Table<PlanDeliveryRow>
          rowKey="id"
          size="small"
          columns={columns}
          scroll={{ x: 900 }}
          onRow={(r) => ({ 'data-testid': `plan-history-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          {...table.tableProps}
          data-testid="plan-history-table"
        />
      </ListCard>
      <PlannedActualCard />
      <Drawer
        open={detail !== null}
        size={760}
        title={detail ? `${t('planCurve.history.detailTitle')} · ${detail.templateCode} · ${detail.templateName}` : ''}
        onClose={() => setDetail(null)}
        destroyOnHidden
        data-testid="plan-history-detail"
      >
        {detail ? (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <DeliveryStatusTable deliveryId={detail.id} />
            {detailPlan ? <PlanPreviewChart segments={detailPlan.segments} /> : null}
          </Space>
        ) : null}
      </Drawer>
    </Space>
  );
}
