import {
  ELECTRICITY_TYPE_DICT,
  EXAMPLE_TOU_PRICES,
  EXAMPLE_TOU_SEGMENTS,
  type RateTemplate,
  rateApi,
} from '@ess/contract';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type DetailItem, EnabledFilter, EnabledSwitch, type FiltersOf } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';
import { pickerDay } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { useDicts } from '@/lib/session/api/get-dicts';
import { palette } from '@/lib/theme/palette';
import { RATE_WRITE_INVALIDATES, useRateEnable } from '../api/rate-writes';
import { RateFormFields, type RateFormValues, toBody, toValues } from '../components/rate-form';
import { StationRatesDrawer } from '../components/station-rates-drawer';
import { TouBar } from '../components/tou-bar';
import { ValidityText } from '../components/validity-text';

type FilterValues = Omit<FiltersOf<typeof rateApi.ratePage>, 'validOn'> & { validOn?: Dayjs };

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
  const format = useFormat();
  const lang = useLang();
  const [stationsOpen, setStationsOpen] = useState(false);
  const enable = useRateEnable();

  const types = useDicts(lang).data?.[ELECTRICITY_TYPE_DICT] ?? [];
  const typeOptions = useMemo(() => types.map((d) => ({ value: d.value, label: d.label })), [types]);
  const typeLabel = (v: string) => types.find((d) => d.value === v)?.label ?? v;
  const periods = (r: RateTemplate) => [...new Set(r.segments.map((s) => s.period))];

  const detailItems = (r: RateTemplate): DetailItem[] => [
    { key: 'code', label: t('rates.code'), value: r.code },
    { key: 'name', label: t('rates.name'), value: r.name },
    { key: 'type', label: t('rates.electricityType'), value: typeLabel(r.electricityType) },
    { key: 'validity', label: t('rates.validity'), value: <ValidityText from={r.validFrom} to={r.validTo} /> },
    { key: 'segments', label: t('rates.segments'), value: <TouBar segments={r.segments} /> },
    {
      key: 'prices',
      label: `${t('rates.prices')} (${r.currency})`,
      value: periods(r)
        .map((p) => `${t(`rates.period.${p}`)} ${r.prices[p]}`)
        .join(' · '),
    },
    { key: 'stations', label: t('rates.stations'), value: format.list(r.stations.map((s) => s.name)) || '-' },
    { key: 'enabled', label: t('crud.status'), value: t(r.enabled ? 'crud.enabled' : 'crud.disabled') },
  ];

  return (
    <CrudPage
      title={t('rates.title')}
      testId="rate"
      list={rateApi.ratePage}
      rowTestKey={(r) => r.code}
      rowName={(r) => r.name}
      invalidate={RATE_WRITE_INVALIDATES}
      actionsWidth={170}
      table={{ scroll: { x: 1200 } }}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('rates.keyword')} />
          </Form.Item>
          <Form.Item name="electricityType">
            <Select allowClear placeholder={t('rates.electricityType')} style={{ width: 170 }} options={typeOptions} />
          </Form.Item>
          <EnabledFilter placeholder={t('crud.status')} width={110} />
          <Form.Item name="validOn">
            <DatePicker placeholder={t('rates.validOn')} />
          </Form.Item>
        </>
      }
      toFilters={({ validOn, ...rest }: Partial<FilterValues>) => ({
        ...rest,
        ...(validOn ? { validOn: pickerDay(validOn) } : {}),
      })}
      columns={[
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
              {periods(r).map((p) => (
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
          title: t('crud.status'),
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
      ]}
      detail={{ title: () => t('rates.detailTitle'), items: detailItems, width: 600 }}
      add={{ endpoint: rateApi.rateAdd, input: (v: RateFormValues) => toBody(v) }}
      update={{ endpoint: rateApi.rateUpdate, input: (v, r) => ({ ...toBody(v), id: r.id }) }}
      remove={{
        endpoint: rateApi.rateDelete,
        input: (r) => ({ id: r.id }),
        // Spec 5: disable before deleting; the server refuses a template a station uses.
        blockedBy: (r) =>
          r.enabled
            ? t('rates.deleteEnabled')
            : r.stationCount > 0
              ? t('rates.deleteInUse', { count: r.stationCount })
              : undefined,
      }}
      form={{
        titles: { add: t('rates.addTitle'), edit: t('rates.editTitle') },
        width: 760,
        defaults: NEW_TEMPLATE,
        valuesOf: toValues,
        fields: (_form, row) => (
          <>
            {/* The server refuses changing what priced past days (money stays as earned): said before typing. */}
            {row && row.stationCount > 0 && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('rates.pricedPastHint')} />
            )}
            <RateFormFields typeOptions={typeOptions} />
          </>
        ),
      }}
      toolbar={() => (
        <Button onClick={() => setStationsOpen(true)} data-testid="rate-stations">
          {t('rates.station.open')}
        </Button>
      )}
      extras={<StationRatesDrawer open={stationsOpen} onClose={() => setStationsOpen(false)} />}
    />
  );
}
