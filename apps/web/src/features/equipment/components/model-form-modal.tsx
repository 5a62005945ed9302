import type { DeviceModelDetail, ModelDeviceType } from '@ess/contract';
import { EQUIPMENT_LIMITS, MODEL_CODE } from '@ess/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/crud';
import { useDeviceTypeOptions, useModelTypeOptions } from '../api/equipment-options';
import { NamesFields } from './names-fields';
import { PointListField } from './point-list-field';
import { type PointFormValues, pointFormValues } from './point-values';

export type ModelFormValues = {
  code: string;
  names: { zh_CN: string; en_US?: string; es_ES?: string; ja_JP?: string };
  deviceType: ModelDeviceType;
  modelTypeId?: number | null;
  manufacturer?: string | null;
  rated?: { powerKw?: number | null; energyKwh?: number | null; pvKwp?: number | null };
  points: PointFormValues[];
};

export const modelFormValues = (m: DeviceModelDetail): ModelFormValues => ({
  code: m.code,
  names: { zh_CN: m.names.zh_CN ?? '', en_US: m.names.en_US, es_ES: m.names.es_ES, ja_JP: m.names.ja_JP },
  deviceType: m.deviceType,
  modelTypeId: m.modelTypeId,
  manufacturer: m.manufacturer,
  rated: m.rated,
  points: m.points.map(pointFormValues),
});

/** Model type select of the form: the types of the chosen device type. */
function ModelTypeSelect({ deviceType }: { deviceType?: ModelDeviceType }) {
  const { t } = useTranslation();
  const options = useModelTypeOptions(deviceType);
  return (
    <Form.Item name="modelTypeId" label={t('equipment.modelType')}>
      <Select allowClear options={options} />
    </Form.Item>
  );
}

/** Add / edit of a device model with its point list (`fixedType`: EMS models). */
export function ModelFormModal({
  open,
  title,
  initialValues,
  fixedType,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialValues: Partial<ModelFormValues>;
  fixedType?: ModelDeviceType;
  onSubmit(v: ModelFormValues): Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const types = useDeviceTypeOptions();
  return (
    <FormModal<ModelFormValues>
      open={open}
      title={title}
      width={1200}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="model-form"
    >
      {(form) => (
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item
              name="code"
              label={t('equipment.code')}
              rules={[
                { required: true, whitespace: true, message: t('equipment.codeRequired') },
                { pattern: MODEL_CODE, message: t('equipment.codeFormat') },
              ]}
            >
              <Input maxLength={EQUIPMENT_LIMITS.codeMax} data-testid="model-code" />
            </Form.Item>
          </Col>
          {fixedType ? null : (
            <Col span={6}>
              <Form.Item
                name="deviceType"
                label={t('equipment.deviceType')}
                rules={[{ required: true, message: t('equipment.typeRequired') }]}
              >
                <Select
                  options={types}
                  data-testid="model-device-type"
                  onChange={() => form.setFieldValue('modelTypeId', null)}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={6}>
            <Form.Item noStyle dependencies={['deviceType']}>
              {() => <ModelTypeSelect deviceType={fixedType ?? form.getFieldValue('deviceType')} />}
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="manufacturer" label={t('equipment.manufacturer')}>
              <Input maxLength={EQUIPMENT_LIMITS.nameMax} />
            </Form.Item>
          </Col>
          <NamesFields span={6} />
          <Col span={6}>
            <Form.Item name={['rated', 'powerKw']} label={t('equipment.ratedPower')}>
              <InputNumber min={0} max={EQUIPMENT_LIMITS.amountMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name={['rated', 'energyKwh']} label={t('equipment.ratedEnergy')}>
              <InputNumber min={0} max={EQUIPMENT_LIMITS.amountMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name={['rated', 'pvKwp']} label={t('equipment.ratedPv')}>
              <InputNumber min={0} max={EQUIPMENT_LIMITS.amountMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <PointListField form={form} />
          </Col>
        </Row>
      )}
    </FormModal>
  );
}
