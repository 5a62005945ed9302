import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceTypeOptions, useModelTypeOptions } from '../api/equipment-options';
import { ModelList } from '../components/model-list';

/** System menu "device models" (/system/equip-model): models with their point lists. */
export function EquipModelPage() {
  const { t } = useTranslation();
  const types = useDeviceTypeOptions();
  const modelTypes = useModelTypeOptions();
  return (
    <ModelList
      kind="all"
      title={t('equipment.models')}
      testIds={{ page: 'equip-model-page', row: 'model' }}
      extraColumns={[
        { key: 'deviceType', title: t('equipment.deviceType'), dataIndex: 'deviceTypeName', sorter: true },
      ]}
      extraFilters={
        <>
          <Form.Item name="deviceType">
            <Select allowClear placeholder={t('equipment.deviceType')} style={{ width: 160 }} options={types} />
          </Form.Item>
          <Form.Item name="modelTypeId">
            <Select allowClear placeholder={t('equipment.modelType')} style={{ width: 180 }} options={modelTypes} />
          </Form.Item>
        </>
      }
    />
  );
}
