import {
  priceInRange,
  RATE_LIMITS,
  type RateTemplate,
  type RateTemplateBody,
  rateSegmentsProblem,
  TOU_PERIODS,
  type TouPrices,
  type TouSegment,
  validityProblem,
} from '@ess/contract';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pickerDay } from '@/lib/format/zone';
import { SegmentEditor } from './segment-editor';

/** The form's values: the body with the validity as the range picker holds it. */
export type RateFormValues = Omit<RateTemplateBody, 'validFrom' | 'validTo' | 'currency'> & {
  currency: string;
  validity: [Dayjs | null, Dayjs | null] | null;
};

const day = (d: Dayjs | null | undefined): string | null => (d ? pickerDay(d) : null);

export const toBody = (v: RateFormValues): RateTemplateBody => ({
  code: v.code,
  name: v.name,
  electricityType: v.electricityType,
  currency: v.currency,
  segments: v.segments,
  prices: v.prices,
  enabled: v.enabled,
  validFrom: day(v.validity?.[0]),
  validTo: day(v.validity?.[1]),
});

export const toValues = (r: RateTemplate): RateFormValues => ({
  code: r.code,
  name: r.name,
  electricityType: r.electricityType,
  currency: r.currency,
  segments: r.segments,
  prices: r.prices,
  enabled: r.enabled,
  validity: [r.validFrom ? dayjs(r.validFrom) : null, r.validTo ? dayjs(r.validTo) : null],
});

/**
 * The fields of a rate template; the rules are the contract's (`rateSegmentsProblem`,
 * `priceInRange`, `validityProblem`), which the server applies with the same words.
 */
export function RateFormFields({ typeOptions }: { typeOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item
          name="code"
          label={t('rates.code')}
          rules={[{ required: true, whitespace: true, message: t('rates.codeRequired') }]}
        >
          <Input maxLength={RATE_LIMITS.code} data-testid="rate-code" />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item
          name="name"
          label={t('rates.name')}
          rules={[{ required: true, whitespace: true, message: t('rates.nameRequired') }]}
        >
          <Input maxLength={RATE_LIMITS.name} data-testid="rate-name" />
        </Form.Item>
      </Col>
      <Form.Item name="currency" hidden>
        <Input />
      </Form.Item>
      <Col span={6}>
        <Form.Item name="enabled" label={t('crud.status')} valuePropName="checked">
          <Switch checkedChildren={t('crud.enabled')} unCheckedChildren={t('crud.disabled')} />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item
          name="electricityType"
          label={t('rates.electricityType')}
          rules={[{ required: true, message: t('rates.typeRequired') }]}
        >
          <Select options={typeOptions} />
        </Form.Item>
      </Col>
      <Col span={14}>
        <Form.Item
          name="validity"
          label={t('rates.validity')}
          rules={[
            {
              validator: (_, v: RateFormValues['validity']) => {
                const p = validityProblem(day(v?.[0]), day(v?.[1]));
                return p ? Promise.reject(new Error(t(`rates.problem.${p}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('rates.from'), t('rates.to')]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
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
      </Col>
      <Col span={24}>
        <div style={{ marginBottom: 8 }}>{t('rates.prices')}</div>
      </Col>
      {TOU_PERIODS.map((p: keyof TouPrices) => (
        <Col span={Math.floor(24 / TOU_PERIODS.length)} key={p} flex="1">
          <Form.Item
            name={['prices', p]}
            label={t(`rates.period.${p}`)}
            rules={[
              { required: true, message: t('rates.priceRequired') },
              {
                validator: (_, v: number | null | undefined) =>
                  v === null || v === undefined || priceInRange(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('rates.problem.priceRange'))),
              },
            ]}
          >
            <InputNumber step={0.01} style={{ width: '100%' }} data-testid={`rate-price-${p}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
