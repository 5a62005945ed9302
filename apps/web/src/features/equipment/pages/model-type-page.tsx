import { EQUIPMENT_LIMITS, MODEL_CODE, type ModelDeviceType, type ModelTypeRow, modelTypeApi } from '@ess/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { useDeviceTypeOptions } from '../api/equipment-options';
import { MODEL_TYPE_WRITES } from '../api/model-type-writes';
import { NamesFields } from '../components/names-fields';

type Values = {
  code: string;
  names: { zh_CN: string; en_US?: string; es_ES?: string; ja_JP?: string };
  deviceType: ModelDeviceType;
  sort: number;
};

const fieldsOf = (r: ModelTypeRow): Values => ({
  code: r.code,
  names: { zh_CN: r.names.zh_CN ?? '', en_US: r.names.en_US, es_ES: r.names.es_ES, ja_JP: r.names.ja_JP },
  deviceType: r.deviceType,
  sort: r.sort,
});

/** System menu "model types" (/system/model-type): categories of device models. */
export function ModelTypePage() {
  const { t } = useTranslation();
  const types = useDeviceTypeOptions();
  return (
    <CrudPage
      title={t('equipment.modelTypes')}
      testId="model-type"
      list={modelTypeApi.modelTypePage}
      rowTestKey={(r) => r.code}
      rowName={(r) => r.name}
      invalidate={MODEL_TYPE_WRITES}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('equipment.keyword')} />
          </Form.Item>
          <Form.Item name="deviceType">
            <Select allowClear placeholder={t('equipment.deviceType')} style={{ width: 160 }} options={types} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'code', title: t('equipment.code'), dataIndex: 'code', sorter: true },
        { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
        { key: 'deviceType', title: t('equipment.deviceType'), dataIndex: 'deviceTypeName', sorter: true },
        { key: 'sort', title: t('equipment.sort'), dataIndex: 'sort', sorter: true, width: 90 },
        { key: 'modelCount', title: t('equipment.modelCount'), dataIndex: 'modelCount', width: 90 },
      ]}
      add={{ endpoint: modelTypeApi.modelTypeAdd, input: (v: Values) => v }}
      update={{ endpoint: modelTypeApi.modelTypeUpdate, input: (v, r) => ({ ...v, id: r.id }) }}
      remove={{
        endpoint: modelTypeApi.modelTypeDelete,
        input: (r) => ({ id: r.id }),
        blockedBy: (r) => (r.modelCount > 0 ? t('equipment.inUseModels', { count: r.modelCount }) : undefined),
      }}
      form={{
        titles: { add: t('equipment.addModelType'), edit: t('equipment.editModelType') },
        defaults: { sort: 0 },
        valuesOf: fieldsOf,
        fields: (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="code"
                label={t('equipment.code')}
                rules={[
                  { required: true, whitespace: true, message: t('equipment.codeRequired') },
                  { pattern: MODEL_CODE, message: t('equipment.codeFormat') },
                ]}
              >
                <Input maxLength={EQUIPMENT_LIMITS.codeMax} data-testid="model-type-code" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="deviceType"
                label={t('equipment.deviceType')}
                rules={[{ required: true, message: t('equipment.typeRequired') }]}
              >
                <Select options={types} data-testid="model-type-device-type" />
              </Form.Item>
            </Col>
            <NamesFields />
            <Col span={12}>
              <Form.Item name="sort" label={t('equipment.sort')}>
                <InputNumber min={0} max={EQUIPMENT_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        ),
      }}
    />
  );
}
