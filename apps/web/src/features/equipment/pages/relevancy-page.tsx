import { relevancyApi } from '@ess/contract';
import { Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { useModelOptions } from '../api/equipment-options';

type Values = { modelIds: number[] };

/**
 * System menu "device-model links" (/system/equipment-model-relevancy): which device models each
 * EMS model supports; devices below an EMS must have one of them, and an EMS model with no
 * links accepts any device model.
 */
export function RelevancyPage() {
  const { t } = useTranslation();
  const { models } = useModelOptions();
  const options = models
    .filter((m) => m.deviceType !== 'ems')
    .map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }));
  return (
    <CrudPage
      title={t('equipment.relevancy')}
      testId="relevancy"
      list={relevancyApi.relevancyPage}
      rowKey="emsModelId"
      rowTestKey={(r) => r.emsModelCode}
      rowName={(r) => r.emsModelName}
      actionsWidth={160}
      filters={
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('equipment.keyword')} />
        </Form.Item>
      }
      columns={[
        { key: 'code', title: t('equipment.code'), dataIndex: 'emsModelCode', sorter: true, width: 160 },
        { key: 'name', title: t('equipment.name'), dataIndex: 'emsModelName', width: 200 },
        {
          key: 'models',
          title: t('equipment.supportedModels'),
          render: (_, r) =>
            r.models.length === 0 ? (
              <Tag>{t('equipment.anyModel')}</Tag>
            ) : (
              <Space size={[0, 4]} wrap>
                {r.models.map((m) => (
                  <Tag key={m.id}>{m.code}</Tag>
                ))}
              </Space>
            ),
        },
      ]}
      update={{
        endpoint: relevancyApi.relevancySave,
        label: t('equipment.editRelevancy'),
        input: (v: Values, r) => ({ emsModelId: r.emsModelId, modelIds: v.modelIds ?? [] }),
      }}
      form={{
        titles: { edit: (r) => `${t('equipment.editRelevancy')} · ${r.emsModelCode}` },
        valuesOf: (r) => ({ modelIds: r.models.map((m) => m.id) }),
        fields: (
          <Form.Item name="modelIds" label={t('equipment.supportedModels')}>
            <Select
              mode="multiple"
              allowClear
              options={options}
              placeholder={t('equipment.anyModel')}
              optionFilterProp="label"
            />
          </Form.Item>
        ),
      }}
    />
  );
}
