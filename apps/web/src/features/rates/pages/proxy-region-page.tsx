import {
  EXAMPLE_TOU_SEGMENTS,
  PROVINCE_CODES,
  PROXY_LIMITS,
  type ProxyRegionBody,
  type ProxyRegionRow,
  provinceName,
  proxyApi,
  proxyMessages,
  type RegionModelProblem,
  rateSegmentsProblem,
  regionModelProblem,
  type TouSegment,
} from '@ess/contract';
import { Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type DetailItem } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';
import { useServerText } from '@/lib/i18n/server-text';
import { useLang } from '@/lib/i18n/use-lang';
import { usePageTitle } from '@/lib/menu/page-title';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { SegmentEditor } from '../components/segment-editor';
import { TouBar } from '../components/tou-bar';

const EXAMPLE_MODEL = JSON.stringify(
  { voltageLevel: '1-10kV', electricityType: 'commercial', components: ['purchase', 'transmission', 'fund'] },
  null,
  2,
);
const MODEL_PROBLEM_TEXT: Record<RegionModelProblem, (typeof proxyMessages)[keyof typeof proxyMessages]> = {
  modelInvalid: proxyMessages.proxyModelInvalid,
  modelEmpty: proxyMessages.proxyModelEmpty,
};
type Filters = { keyword?: string; provinceCode?: ProxyRegionBody['provinceCode'] };

/**
 * Proxy purchase price regions (代理购电区域, issue 24 part 2): each region's period cut and
 * model (spec 5: JSON, valid and non-empty), the months it has prices for and the stations
 * following it. Its prices are on /revenue-management/proxy-price.
 */
export function ProxyRegionPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  const serverText = useServerText();
  const title = usePageTitle('/revenue-management/proxy-price-region');
  const provinces = useMemo(() => PROVINCE_CODES.map((c) => ({ value: c, label: provinceName(c, lang) })), [lang]);
  const stationsText = (r: ProxyRegionRow) =>
    r.stations.map((s) => (s.validFrom ? `${s.name} (${t('rates.station.from', { date: s.validFrom })})` : s.name));
  const detailItems = (r: ProxyRegionRow): DetailItem[] => [
    { key: 'code', label: t('rates.proxy.code'), value: r.code },
    { key: 'name', label: t('rates.proxy.name'), value: r.name },
    { key: 'province', label: t('rates.proxy.province'), value: r.provinceName },
    { key: 'cut', label: t('rates.segments'), value: <TouBar segments={r.segments} /> },
    {
      key: 'months',
      label: t('rates.proxy.months'),
      value: r.latestMonth ? t('rates.proxy.monthsValue', { count: r.priceMonths, latest: r.latestMonth }) : '-',
    },
    { key: 'stations', label: t('rates.proxy.stations'), value: stationsText(r).join('; ') || '-' },
    {
      key: 'model',
      label: t('rates.proxy.model'),
      value: (
        <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {r.model}
        </Typography.Paragraph>
      ),
    },
  ];
  return (
    <CrudPage<
      typeof proxyApi.proxyRegionPage,
      ProxyRegionBody,
      typeof proxyApi.proxyRegionAdd,
      typeof proxyApi.proxyRegionUpdate,
      typeof proxyApi.proxyRegionDelete,
      typeof proxyApi.proxyRegionExport,
      Filters
    >
      title={title}
      testId="proxy-region"
      list={proxyApi.proxyRegionPage}
      rowTestKey={(r) => r.code}
      rowName={(r) => `${r.code} ${r.name}`}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('rates.proxy.keyword')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="provinceCode">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('rates.proxy.province')}
              style={{ width: 160 }}
              options={provinces}
            />
          </Form.Item>
        </>
      }
      export={{
        endpoint: proxyApi.proxyRegionExport,
        input: (q) => ({ keyword: q.keyword, provinceCode: q.provinceCode }),
        fileName: 'proxy-price-regions.xlsx',
      }}
      columns={[
        { key: 'code', title: t('rates.proxy.code'), dataIndex: 'code', sorter: true, width: 120 },
        { key: 'name', title: t('rates.proxy.name'), dataIndex: 'name', sorter: true, ellipsis: true },
        { key: 'provinceCode', title: t('rates.proxy.province'), dataIndex: 'provinceName', sorter: true, width: 110 },
        { key: 'cut', title: t('rates.segments'), width: 220, render: (_, r) => <TouBar segments={r.segments} /> },
        {
          key: 'months',
          title: t('rates.proxy.months'),
          width: 130,
          render: (_, r) =>
            r.latestMonth ? t('rates.proxy.monthsValue', { count: r.priceMonths, latest: r.latestMonth }) : '-',
        },
        {
          key: 'stations',
          title: t('rates.proxy.stations'),
          width: 150,
          render: (_, r) =>
            r.stations.length === 0 ? (
              '-'
            ) : (
              <Tooltip title={stationsText(r).join('; ')}>
                <Tag data-testid={`proxy-region-stations-${r.code}`}>
                  {t('rates.proxy.stationCount', { count: r.stations.length })}
                </Tag>
              </Tooltip>
            ),
        },
        {
          key: 'updateTime',
          title: t('rates.proxy.updated'),
          width: 150,
          sorter: true,
          render: (_, r) => f.ago(r.updatedAt),
        },
      ]}
      detail={{ title: (r) => `${r.code} ${r.name}`, items: detailItems, width: 640 }}
      add={{ endpoint: proxyApi.proxyRegionAdd, input: (v) => v }}
      update={{ endpoint: proxyApi.proxyRegionUpdate, input: (v, r) => ({ ...v, id: r.id }) }}
      remove={{
        endpoint: proxyApi.proxyRegionDelete,
        input: (r) => ({ id: r.id }),
        hint: (r) => (r.stations.length > 0 || r.priceMonths > 0 ? t('rates.proxy.deleteHint') : undefined),
      }}
      invalidate={[proxyApi.proxyRegionOptions, proxyApi.proxyPricePage, ...RATE_WRITE_INVALIDATES]}
      form={{
        titles: { add: t('rates.proxy.addRegion'), edit: t('rates.proxy.editRegion') },
        width: 760,
        defaults: { segments: EXAMPLE_TOU_SEGMENTS, model: EXAMPLE_MODEL, provinceCode: '32' },
        valuesOf: (r) => ({
          code: r.code,
          name: r.name,
          provinceCode: r.provinceCode as ProxyRegionBody['provinceCode'],
          segments: r.segments,
          model: r.model,
        }),
        fields: (
          <>
            <Space.Compact block>
              <Form.Item
                name="code"
                label={t('rates.proxy.code')}
                style={{ flex: 1, marginRight: 12 }}
                rules={[
                  { required: true, whitespace: true },
                  { pattern: /^[A-Za-z0-9_.-]+$/, message: t('rates.proxy.codeRule') },
                ]}
              >
                <Input maxLength={PROXY_LIMITS.code} />
              </Form.Item>
              <Form.Item
                name="name"
                label={t('rates.proxy.name')}
                style={{ flex: 2, marginRight: 12 }}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input maxLength={PROXY_LIMITS.name} />
              </Form.Item>
              <Form.Item
                name="provinceCode"
                label={t('rates.proxy.province')}
                style={{ flex: 1 }}
                rules={[{ required: true }]}
              >
                <Select showSearch optionFilterProp="label" options={provinces} />
              </Form.Item>
            </Space.Compact>
            <Form.Item
              name="segments"
              label={t('rates.segments')}
              rules={[
                {
                  validator: (_, v: TouSegment[] | undefined) => {
                    const p = rateSegmentsProblem(v ?? []);
                    return p ? Promise.reject(new Error(t(`rates.problem.${p}`))) : Promise.resolve();
                  },
                },
              ]}
            >
              <SegmentEditor />
            </Form.Item>
            <Form.Item
              name="model"
              label={t('rates.proxy.model')}
              extra={t('rates.proxy.modelHint')}
              rules={[
                {
                  validator: (_, v: string | undefined) => {
                    const p = regionModelProblem(v ?? '');
                    return p ? Promise.reject(new Error(serverText(MODEL_PROBLEM_TEXT[p]))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input.TextArea
                autoSize={{ minRows: 4, maxRows: 12 }}
                maxLength={PROXY_LIMITS.modelChars}
                style={{ fontFamily: 'monospace' }}
                data-testid="proxy-region-model"
              />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
