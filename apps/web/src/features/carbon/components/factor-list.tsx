import {
  CARBON_SOURCE_MAX,
  type CarbonFactorAddBody,
  type CarbonFactorRow,
  carbonApi,
  FACTOR_MAX,
  FACTOR_YEARS,
  PROVINCE_CODES,
  provinceName,
} from '@ess/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type DetailItem } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';

/** The form's region: 'national' stands for the call's null. */
type Values = Omit<CarbonFactorAddBody, 'provinceCode'> & { region: string };
const NATIONAL = 'national';

const toBody = (v: Values): CarbonFactorAddBody => ({
  provinceCode: v.region === NATIONAL ? null : v.region,
  factor: v.factor,
  year: v.year,
  source: v.source,
});

/** Grid emission factors: national and per province, each with its year and cited source. */
export function FactorList() {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  const regions = useMemo(
    () => [
      { value: NATIONAL, label: t('carbon.factor.national') },
      ...PROVINCE_CODES.map((c) => ({ value: c, label: provinceName(c, lang) })),
    ],
    [t, lang],
  );
  const sourceField = (key: 'zh_CN' | 'en_US' | 'es_ES' | 'ja_JP', label: string, required = false) => (
    <Form.Item
      name={['source', key]}
      label={label}
      rules={required ? [{ required: true, whitespace: true, message: t('carbon.factor.sourceRequired') }] : []}
    >
      <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={CARBON_SOURCE_MAX} />
    </Form.Item>
  );
  const detailItems = (r: CarbonFactorRow): DetailItem[] => [
    { key: 'region', label: t('carbon.factor.region'), value: r.regionName },
    { key: 'factor', label: `${t('carbon.factor.factor')} (tCO₂/MWh)`, value: r.factor },
    { key: 'year', label: t('carbon.factor.year'), value: r.year },
    { key: 'zh', label: t('carbon.factor.sourceZh'), value: r.source.zh_CN },
    { key: 'en', label: t('carbon.factor.sourceEn'), value: r.source.en_US },
    { key: 'es', label: t('carbon.factor.sourceEs'), value: r.source.es_ES },
    { key: 'ja', label: t('carbon.factor.sourceJa'), value: r.source.ja_JP },
  ];
  return (
    <CrudPage
      bare
      title={t('carbon.factor.title')}
      testId="carbon-factor"
      list={carbonApi.carbonFactorPage}
      rowTestKey={(r) => `${r.provinceCode ?? NATIONAL}-${r.year}`}
      rowName={(r) => `${r.regionName} ${r.year}`}
      columns={[
        { key: 'provinceCode', title: t('carbon.factor.region'), dataIndex: 'regionName', sorter: true, width: 140 },
        {
          key: 'factor',
          title: `${t('carbon.factor.factor')} (tCO₂/MWh)`,
          dataIndex: 'factor',
          sorter: true,
          width: 160,
        },
        { key: 'year', title: t('carbon.factor.year'), dataIndex: 'year', sorter: true, width: 130 },
        {
          key: 'source',
          title: t('carbon.factor.source'),
          ellipsis: true,
          render: (_, r) => r.source[lang] || r.source.zh_CN,
        },
        { key: 'updated', title: t('carbon.factor.updated'), width: 170, render: (_, r) => f.ago(r.updatedAt) },
      ]}
      detail={{ title: () => t('carbon.factor.detailTitle'), items: detailItems, width: 560 }}
      add={{ endpoint: carbonApi.carbonFactorAdd, input: (v: Values) => toBody(v) }}
      update={{ endpoint: carbonApi.carbonFactorUpdate, input: (v: Values, r) => ({ ...toBody(v), id: r.id }) }}
      remove={{ endpoint: carbonApi.carbonFactorDelete, input: (r) => ({ id: r.id }) }}
      invalidate={[carbonApi.carbonFigures]}
      form={{
        titles: { add: t('carbon.factor.addTitle'), edit: t('carbon.factor.editTitle') },
        width: 620,
        defaults: { region: NATIONAL, year: new Date().getFullYear() },
        valuesOf: (r) => ({ region: r.provinceCode ?? NATIONAL, factor: r.factor, year: r.year, source: r.source }),
        fields: (
          <>
            <Form.Item name="region" label={t('carbon.factor.region')} rules={[{ required: true }]}>
              <Select showSearch optionFilterProp="label" options={regions} />
            </Form.Item>
            <Form.Item
              name="factor"
              label={`${t('carbon.factor.factor')} (tCO₂/MWh)`}
              rules={[
                {
                  required: true,
                  type: 'number',
                  min: 0.0001,
                  max: FACTOR_MAX,
                  message: t('carbon.factor.factorRequired'),
                },
              ]}
            >
              <InputNumber min={0} max={FACTOR_MAX} step={0.0001} precision={4} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="year"
              label={t('carbon.factor.year')}
              rules={[{ required: true, message: t('carbon.factor.yearRequired') }]}
            >
              <InputNumber min={FACTOR_YEARS.min} max={FACTOR_YEARS.max} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            {sourceField('zh_CN', t('carbon.factor.sourceZh'), true)}
            {sourceField('en_US', t('carbon.factor.sourceEn'))}
            {sourceField('es_ES', t('carbon.factor.sourceEs'))}
            {sourceField('ja_JP', t('carbon.factor.sourceJa'))}
          </>
        ),
      }}
    />
  );
}
