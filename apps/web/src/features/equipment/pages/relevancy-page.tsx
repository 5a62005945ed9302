import { type RelevancyRow, relevancyApi } from '@ess/contract';
import { Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { useModelOptions } from '../api/equipment-options';

type Filters = FiltersOf<typeof relevancyApi.relevancyPage>;
type Values = { modelIds: number[] };

/**
 * System menu "device-model links" (/system/equipment-model-relevancy): which device models each
 * EMS model supports; devices below an EMS must have one of them, and an EMS model with no
 * links accepts any device model.
 */
export function RelevancyPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<RelevancyRow | null>(null);
  const table = useServerTable(relevancyApi.relevancyPage, filters);
  const { models } = useModelOptions();
  const options = models
    .filter((m) => m.deviceType !== 'ems')
    .map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }));
  const save = useEndpointMutation(relevancyApi.relevancySave, { invalidate: [relevancyApi.relevancyPage] });

  const columns: ColumnsType<RelevancyRow> = [
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
    {
      key: 'actions',
      title: t('equipment.actions'),
      width: 160,
      render: (_, r) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('equipment.editRelevancy'),
              endpoint: relevancyApi.relevancySave,
              testId: `relevancy-edit-${r.emsModelCode}`,
              onClick: () => setEditing(r),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('equipment.relevancy')}
      testId="relevancy-page"
      failed={table.query.isError && !table.query.data}
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('equipment.keyword')} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<RelevancyRow>
        rowKey="emsModelId"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid="relevancy-table"
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing ? `${t('equipment.editRelevancy')} · ${editing.emsModelCode}` : ''}
        initialValues={{ modelIds: editing?.models.map((m) => m.id) ?? [] }}
        onClose={() => setEditing(null)}
        onSubmit={(v) => save.mutateAsync({ emsModelId: editing?.emsModelId ?? 0, modelIds: v.modelIds ?? [] })}
        testId="relevancy-form"
      >
        <Form.Item name="modelIds" label={t('equipment.supportedModels')}>
          <Select
            mode="multiple"
            allowClear
            options={options}
            placeholder={t('equipment.anyModel')}
            optionFilterProp="label"
          />
        </Form.Item>
      </FormModal>
    </ListCard>
  );
}
