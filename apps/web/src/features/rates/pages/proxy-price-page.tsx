import {
  PROXY_LIMITS,
  type ProxyPriceBody,
  type ProxyPriceRow,
  proxyApi,
  RATE_PRICE_LIMIT,
  TOU_PERIODS,
} from '@ess/contract';
import { DatePicker, Form, Input, InputNumber, Select, Space, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudPage, type DetailItem } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';
import { pickerMonth } from '@/lib/format/zone';
import { usePageTitle } from '@/lib/menu/page-title';
import { palette } from '@/lib/theme/palette';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { ProxyImportButton } from '../components/proxy-import-button';

type Values = Omit<ProxyPriceBody, 'month'> & { month: Dayjs };
type Filters = { regionId?: number; months?: [Dayjs | null, Dayjs | null] | null };

const toBody = (v: Values): ProxyPriceBody => ({ ...v, month: pickerMonth(v.month), currency: v.currency || 'CNY' });

/**
 * Monthly proxy purchase prices (代理购电价格, issue 24 part 2): per region and month, the
 * price of each period, entered by hand or imported from a workbook (all rows or none). A month
 * a following station has lived keeps its prices: money stays as earned.
 */
export function ProxyPricePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const title = usePageTitle('/revenue-management/proxy-price');
  const regions = useEndpoint(proxyApi.proxyRegionOptions, undefined);
  const regionOptions = (regions.data ?? []).map((r) => ({ value: r.id, label: `${r.code} ${r.name}` }));
  const lockedWhy = (r: ProxyPriceRow) => (r.locked ? t('rates.proxy.lockedHint', { month: r.month }) : undefined);
  const detailItems = (r: ProxyPriceRow): DetailItem[] => [
    { key: 'region', label: t('rates.proxy.region'), value: `${r.regionCode} ${r.regionName}` },
    { key: 'month', label: t('rates.proxy.month'), value: r.month },
    ...TOU_PERIODS.map((p) => ({
      key: p,
      label: `${t(`rates.period.${p}`)} (${r.currency}/kWh)`,
      value: r.prices[p],
    })),
    { key: 'source', label: t('rates.proxy.source'), value: r.source || '-' },
    { key: 'state', label: t('rates.config.state'), value: r.locked ? t('rates.proxy.locked') : t('rates.proxy.open') },
  ];
  return (
    <CrudPage<
      typeof proxyApi.proxyPricePage,
      Values,
      typeof proxyApi.proxyPriceAdd,
      typeof proxyApi.proxyPriceUpdate,
      typeof proxyApi.proxyPriceDelete,
      typeof proxyApi.proxyPriceExport,
      Filters
    >
      title={title}
      testId="proxy-price"
      list={proxyApi.proxyPricePage}
      pageSize={20}
      rowTestKey={(r) => `${r.regionCode}-${r.month}`}
      rowName={(r) => `${r.regionName} ${r.month}`}
      filters={
        <>
          <Form.Item name="regionId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('rates.proxy.region')}
              style={{ width: 220 }}
              options={regionOptions}
              data-testid="proxy-price-region-filter"
            />
          </Form.Item>
          <Form.Item name="months">
            <DatePicker.RangePicker picker="month" allowEmpty={[true, true]} />
          </Form.Item>
        </>
      }
      toFilters={({ months, regionId }) => ({
        ...(regionId === undefined ? {} : { regionId }),
        ...(months?.[0] ? { monthFrom: pickerMonth(months[0]) } : {}),
        ...(months?.[1] ? { monthTo: pickerMonth(months[1]) } : {}),
      })}
      toolbar={() => <ProxyImportButton />}
      export={{
        endpoint: proxyApi.proxyPriceExport,
        input: (q) => ({ regionId: q.regionId, monthFrom: q.monthFrom, monthTo: q.monthTo }),
        fileName: 'proxy-prices.xlsx',
        hint: t('rates.proxy.exportHint'),
      }}
      columns={[
        {
          key: 'regionCode',
          title: t('rates.proxy.region'),
          sorter: true,
          ellipsis: true,
          render: (_, r) => `${r.regionCode} ${r.regionName}`,
        },
        { key: 'month', title: t('rates.proxy.month'), dataIndex: 'month', sorter: true, width: 100 },
        {
          key: 'prices',
          title: t('rates.prices'),
          width: 330,
          render: (_, r) => (
            <Space size={2} wrap>
              {TOU_PERIODS.map((p) => (
                <Tag key={p} color={palette.touPeriod[p]}>{`${t(`rates.period.${p}`)} ${r.prices[p]}`}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'currency', title: t('rates.currency'), dataIndex: 'currency', width: 80 },
        { key: 'source', title: t('rates.proxy.source'), dataIndex: 'source', ellipsis: true, width: 160 },
        {
          key: 'state',
          title: t('rates.config.state'),
          width: 100,
          render: (_, r) =>
            r.locked ? (
              <Tooltip title={lockedWhy(r)}>
                <Tag color="default">{t('rates.proxy.locked')}</Tag>
              </Tooltip>
            ) : (
              <Tag color="processing">{t('rates.proxy.open')}</Tag>
            ),
        },
        {
          key: 'updateTime',
          title: t('rates.proxy.updated'),
          width: 140,
          sorter: true,
          render: (_, r) => f.ago(r.updatedAt),
        },
      ]}
      table={{ scroll: { x: 1000 } }}
      detail={{ title: (r) => `${r.regionName} ${r.month}`, items: detailItems, width: 520 }}
      add={{ endpoint: proxyApi.proxyPriceAdd, input: toBody }}
      update={{
        endpoint: proxyApi.proxyPriceUpdate,
        input: (v, r) => ({ ...toBody(v), id: r.id }),
        blockedBy: lockedWhy,
      }}
      remove={{ endpoint: proxyApi.proxyPriceDelete, input: (r) => ({ id: r.id }), blockedBy: lockedWhy }}
      invalidate={[proxyApi.proxyRegionPage, ...RATE_WRITE_INVALIDATES]}
      form={{
        titles: { add: t('rates.proxy.addPrice'), edit: t('rates.proxy.editPrice') },
        width: 640,
        defaults: { month: dayjs().add(1, 'month').startOf('month'), currency: 'CNY', source: '' },
        valuesOf: (r) => ({
          regionId: r.regionId,
          month: dayjs(`${r.month}-01`),
          prices: r.prices,
          currency: r.currency,
          source: r.source,
        }),
        fields: (
          <>
            <Form.Item name="regionId" label={t('rates.proxy.region')} rules={[{ required: true }]}>
              <Select showSearch optionFilterProp="label" options={regionOptions} data-testid="proxy-price-region" />
            </Form.Item>
            <Form.Item name="month" label={t('rates.proxy.month')} rules={[{ required: true }]}>
              <DatePicker picker="month" allowClear={false} data-testid="proxy-price-month" />
            </Form.Item>
            <Space wrap size={12}>
              {TOU_PERIODS.map((p) => (
                <Form.Item
                  key={p}
                  name={['prices', p]}
                  label={t(`rates.period.${p}`)}
                  rules={[{ required: true, type: 'number', min: -RATE_PRICE_LIMIT, max: RATE_PRICE_LIMIT }]}
                >
                  <InputNumber step={0.0001} precision={4} style={{ width: 100 }} data-testid={`proxy-price-${p}`} />
                </Form.Item>
              ))}
            </Space>
            <Form.Item name="currency" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="source" label={t('rates.proxy.source')} extra={t('rates.proxy.sourceHint')}>
              <Input maxLength={PROXY_LIMITS.source} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
