import {
  checkLatitude,
  checkLongitude,
  checkPhone,
  checkStationNumber,
  isTimeZone,
  type OrgOption,
  PROVINCE_CODES,
  provinceName,
  STATION_CODE_PATTERN,
  STATION_TYPES,
  type StationBody,
  type StationFieldProblem,
} from '@ess/contract';
import {
  AutoComplete,
  Col,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerDay } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { MapPicker } from './map-picker';

export type StationFormValues = StationBody;

const PHONE_KEYS = ['validation.phoneEmpty', 'validation.phoneLength', 'validation.phoneFormat'] as const;
/** Spec 5's phone message key for a `checkPhone` result. */
export const phoneKey = (k: string) => PHONE_KEYS.find((p) => p === k) ?? 'validation.phoneFormat';

type Field =
  | 'code'
  | 'name'
  | 'org'
  | 'type'
  | 'province'
  | 'ratedPowerKw'
  | 'capacityKwh'
  | 'timezone'
  | 'longitude'
  | 'latitude';

type TreeNode = { value: number; title: string; children: TreeNode[] };
export const orgTreeData = (nodes: OrgOption[]): TreeNode[] =>
  nodes.map((o) => ({ value: o.id, title: o.name, children: orgTreeData(o.children) }));

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Shanghai'];

/**
 * Every field of a station (spec 3), with the server's own checks and messages: positive
 * numbers up to 200,000,000, coordinates in range, an IANA zone, spec 5's phone rules.
 * Coordinates are typed or picked on the offline map.
 */
export function StationFormFields({ form, orgs }: { form: FormInstance<StationFormValues>; orgs: OrgOption[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const problem = (key: StationFieldProblem | null) => {
    if (key) throw new Error(t(`stationAdmin.problem.${key}`));
  };
  const required = (field: Field) => ({
    required: true,
    message: t('stationAdmin.required', { field: t(`stationAdmin.${field}`) }),
  });
  const provinces = useMemo(() => PROVINCE_CODES.map((c) => ({ value: c, label: provinceName(c, lang) })), [lang]);
  const zones = useMemo(() => ZONES.map((z) => ({ value: z })), []);
  const numberRule = {
    validator: async (_: unknown, v: number | null) =>
      problem(v === null || v === undefined ? null : checkStationNumber(v)),
  };

  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item
          name="code"
          label={t('stationAdmin.code')}
          rules={[required('code'), { pattern: STATION_CODE_PATTERN, message: t('stationAdmin.codeFormat') }]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={16}>
        <Form.Item name="name" label={t('stationAdmin.name')} rules={[{ ...required('name'), whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="orgId" label={t('stationAdmin.org')} rules={[required('org')]}>
          <TreeSelect treeData={orgTreeData(orgs)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="type" label={t('stationAdmin.type')} rules={[required('type')]}>
          <Select options={STATION_TYPES.map((v) => ({ value: v, label: t(`stationAdmin.types.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="gridConnectionTime"
          label={t('stationAdmin.gridConnectionTime')}
          getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v) : null })}
          normalize={(d: Dayjs | null) => (d ? pickerDay(d) : null)}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="provinceCode" label={t('stationAdmin.province')} rules={[required('province')]}>
          <Select showSearch optionFilterProp="label" options={provinces} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="city" label={t('stationAdmin.city')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="address" label={t('stationAdmin.address')}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="ratedPowerKw"
          label={t('stationAdmin.ratedPowerKw')}
          rules={[required('ratedPowerKw'), numberRule]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="capacityKwh"
          label={t('stationAdmin.capacityKwh')}
          rules={[required('capacityKwh'), numberRule]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="timezone"
          label={t('stationAdmin.timezone')}
          rules={[
            required('timezone'),
            { validator: async (_, v: string | undefined) => problem(v && !isTimeZone(v) ? 'stationTimezone' : null) },
          ]}
        >
          <AutoComplete
            options={zones}
            filterOption={(input, o) => (o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="contact" label={t('stationAdmin.contact')}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="phone"
          label={t('stationAdmin.phone')}
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                const key = checkPhone((v ?? '').trim());
                if (key) throw new Error(t(phoneKey(key)));
              },
            },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="showWeather" label={t('stationAdmin.showWeather')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="forceChinese" label={t('stationAdmin.forceChinese')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="longitude"
          label={t('stationAdmin.longitude')}
          rules={[
            required('longitude'),
            {
              validator: async (_, v: number | null) =>
                problem(v === null || v === undefined ? null : checkLongitude(v)),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="latitude"
          label={t('stationAdmin.latitude')}
          rules={[
            required('latitude'),
            {
              validator: async (_, v: number | null) =>
                problem(v === null || v === undefined ? null : checkLatitude(v)),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Typography.Text type="secondary">{t('stationAdmin.mapHint')}</Typography.Text>
      </Col>
      <Col span={16}>
        <Form.Item
          noStyle
          shouldUpdate={(a: StationFormValues, b: StationFormValues) =>
            a.longitude !== b.longitude || a.latitude !== b.latitude || a.provinceCode !== b.provinceCode
          }
        >
          {() => (
            <MapPicker
              longitude={form.getFieldValue('longitude')}
              latitude={form.getFieldValue('latitude')}
              provinceCode={form.getFieldValue('provinceCode')}
              onPick={(c) => {
                form.setFieldsValue(c);
                void form.validateFields(['longitude', 'latitude']).catch(() => undefined);
              }}
            />
          )}
        </Form.Item>
      </Col>
    </Row>
  );
}
