import {
  ELECTRICITY_TYPE_DICT,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  type RateTemplate,
  rateApi,
} from '@ess/contract';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  DetailDrawer,
  deleteAction,
  EnabledFilter,
  EnabledSwitch,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { pickerDay } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { useDicts } from '@/lib/session/api/get-dicts';
import { palette } from '@/lib/theme/palette';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { RateFormFields, type RateFormValues, toBody, toValues } from '../components/rate-form';
import { StationRatesDrawer } from '../components/station-rates-drawer';
import { TouBar } from '../components/tou-bar';
import { ValidityText } from '../components/validity-text';

type Filters = FiltersOf<typeof rateApi.ratePage>;
type FilterValues = Omit<Filters, 'validOn'> & { validOn?: Dayjs };
type Editing = { id: number | null; values: Partial<RateFormValues> } | null;

const NEW_TEMPLATE: Partial<RateFormValues> = {
  electricityType: 'commercial',
  currency: 'CNY',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: EXAMPLE_TOU_PRICES,
  enabled: true,
  validity: null,
};

/** System menu "rate templates" (/system/rate): TOU price templates and the stations using them. */
export function RatePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [detail, setDetail] = useState<RateTemplate | null>(null);
  const [stationsOpen, setStationsOpen] = useState(false);
  const table = useServerTable(rateApi.ratePage, filters);
  const after = { invalidate: RATE_WRITE_INVALIDATES };
  const add = useEndpointMutation(rateApi.rateAdd, after);
  const update = useEndpointMutation(rateApi.rateUpdate, after);
  const enable = useEndpointMutation(rateApi.rateEnable, after);
  const remove = useEndpointMutation(rateApi.rateDelete, after);

  const types = useDicts(lang).data?.[ELECTRICITY_TYPE_DICT] ?? [];
  const typeOptions = useMemo(() => types.map((d) => ({ value: d.value, label: d.label })), [types]);
  const typeLabel = (v: string) => types.find((d) => d.value === v)?.label ?? v;

  const columns: ColumnsType<RateTemplate> = [
    { key: 'code', title: t('rates.code'), dataIndex: 'code', sorter: true, width: 130 },
    { key: 'name', title: t('rates.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    {
      key: 'electricityType',
      title: t('rates.electricityType'),
      dataIndex: 'electricityType',
      sorter: true,
      render: (v: string) => typeLabel(v),
    },
    {
      key: 'segments',
      title: t('rates.segments'),
      width: 220,
      render: (_, r) => <TouBar segments={r.segments} testId={`rate-bar-${r.code}`} />,
    },
    {
      key: 'prices',
      title: t('rates.prices'),
      render: (_, r) => (
        <Space size={2} wrap data-testid={`rate-prices-${r.code}`}>
          {[...new Set(r.segments.map((s) => s.period))].map((p) => (
            <Tag key={p} color={palette.touPeriod[p]}>{`${t(`rates.period.${p}`)} ${r.prices[p]}`}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'validFrom',
      title: t('rates.validity'),
      sorter: true,
      render: (_, r) => <ValidityText from={r.validFrom} to={r.validTo} />,
    },
    {
      key: 'stations',
      title: t('rates.stations'),
      render: (_, r) =>
        r.stationCount === 0
          ? '-'
          : `${r.stations
              .slice(0, 2)
              .map((s) => s.name)
              .join(', ')}${r.stationCount > 2 ? ` ${t('rates.more', { count: r.stationCount - 2 })}` : ''}`,
    },
    {
      key: 'enabled',
      title: t('rates.enabled'),
      sorter: true,
      width: 100,
      render: (_, r) => (
        <EnabledSwitch
          checked={r.enabled}
          endpoint={rateApi.rateEnable}
          testId={`rate-enabled-${r.code}`}
          onChange={(on) => enable.mutate({ id: r.id, enabled: on })}
        />
      ),
    },
    {
      key: 'actions',
      title: t('rates.actions'),
      width: 170,
      render: (_, r) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('crud.detail'), testId: `rate-detail-${r.code}`, onClick: () => setDetail(r) },
            editAction(t, {
              endpoint: rateApi.rateUpdate,
              testId: `rate-edit-${r.code}`,
              onClick: () => setEditing({ id: r.id, values: toValues(r) }),
            }),
            // Spec 5: disable before deleting; the server refuses a template a station uses.
            deleteAction(t, {
              endpoint: rateApi.rateDelete,
              name: r.name,
              testId: `rate-delete-${r.code}`,
              blockedBy: r.enabled
                ? t('rates.deleteEnabled')
                : r.stationCount > 0
                  ? t('rates.deleteInUse', { count: r.stationCount })
                  : undefined,
              onDelete: () => remove.mutateAsync({ id: r.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('rates.title')}
      testId="rate-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <Space>
          <Button onClick={() => setStationsOpen(true)} data-testid="rate-stations">
            {t('rates.station.open')}
          </Button>
          <AddButton
            endpoint={rateApi.rateAdd}
            testId="rate-add"
            onClick={() => setEditing({ id: null, values: NEW_TEMPLATE })}
          />
        </Space>
      }
      filters={
        <FilterBar<FilterValues>
          onSearch={({ validOn, ...rest }) =>
            setFilters({ ...rest, ...(validOn ? { validOn: pickerDay(validOn) } : {}) })
          }
        >
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('rates.keyword')} />
          </Form.Item>
          <Form.Item name="electricityType">
            <Select allowClear placeholder={t('rates.electricityType')} style={{ width: 170 }} options={typeOptions} />
          </Form.Item>
          <EnabledFilter placeholder={t('rates.enabled')} width={110} />
          <Form.Item name="validOn">
            <DatePicker placeholder={t('rates.validOn')} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<RateTemplate>
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: 1200 }}
        {...table.tableProps}
        data-testid="rate-table"
      />
      <FormModal<RateFormValues>
        open={editing !== null}
        width={760}
        title={editing?.id ? t('rates.editTitle') : t('rates.addTitle')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          editing?.id ? update.mutateAsync({ ...toBody(v), id: editing.id }) : add.mutateAsync(toBody(v))
        }
        testId="rate-form"
      >
        <RateFormFields typeOptions={typeOptions} />
      </FormModal>
      <DetailDrawer
        open={detail !== null}
        title={t('rates.detailTitle')}
        onClose={() => setDetail(null)}
        testId="rate-detail"
        width={600}
        items={
          detail
            ? [
                { key: 'code', label: t('rates.code'), value: detail.code },
                { key: 'name', label: t('rates.name'), value: detail.name },
                { key: 'type', label: t('rates.electricityType'), value: typeLabel(detail.electricityType) },
                {
                  key: 'validity',
                  label: t('rates.validity'),
                  value: <ValidityText from={detail.validFrom} to={detail.validTo} />,
                },
                { key: 'segments', label: t('rates.segments'), value: <TouBar segments={detail.segments} /> },
                {
                  key: 'prices',
                  label: `${t('rates.prices')} (${detail.currency})`,
                  value: [...new Set(detail.segments.map((s) => s.period))]
                    .map((p) => `${t(`rates.period.${p}`)} ${detail.prices[p]}`)
                    .join(' · '),
                },
                {
                  key: 'stations',
                  label: t('rates.stations'),
                  value: detail.stations.map((s) => s.name).join(', ') || '-',
                },
                {
                  key: 'enabled',
                  label: t('rates.enabled'),
                  value: t(detail.enabled ? 'crud.enabled' : 'crud.disabled'),
                },
              ]
            : []
        }
      />
      <StationRatesDrawer open={stationsOpen} onClose={() => setStationsOpen(false)} />
    </ListCard>
  );
}
