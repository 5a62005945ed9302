import { EQUIPMENT_LIMITS, MODEL_CODE, type ModelDeviceType, type ModelTypeRow, modelTypeApi } from '@ess/contract';
import { Col, Form, Input, InputNumber, Row, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { useDeviceTypeOptions } from '../api/equipment-options';
import { NamesFields } from '../components/names-fields';

type Values = {
  code: string;
  names: { zh_CN: string; en_US?: string; es_ES?: string; ja_JP?: string };
  deviceType: ModelDeviceType;
  sort: number;
};
type Filters = FiltersOf<typeof modelTypeApi.modelTypePage>;
type Editing = { id: number | null; values: Partial<Values> } | null;

const fieldsOf = (r: ModelTypeRow): Values => ({
  code: r.code,
  names: { zh_CN: r.names.zh_CN ?? '', en_US: r.names.en_US, es_ES: r.names.es_ES, ja_JP: r.names.ja_JP },
  deviceType: r.deviceType,
  sort: r.sort,
});

/** System menu "model types" (/system/model-type): categories of device models. */
export function ModelTypePage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(modelTypeApi.modelTypePage, filters);
  const types = useDeviceTypeOptions();
  const after = { invalidate: [modelTypeApi.modelTypePage, modelTypeApi.modelTypeList] };
  const add = useEndpointMutation(modelTypeApi.modelTypeAdd, after);
  const update = useEndpointMutation(modelTypeApi.modelTypeUpdate, after);
  const remove = useEndpointMutation(modelTypeApi.modelTypeDelete, after);

  const columns: ColumnsType<ModelTypeRow> = [
    { key: 'code', title: t('equipment.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
    { key: 'deviceType', title: t('equipment.deviceType'), dataIndex: 'deviceTypeName', sorter: true },
    { key: 'sort', title: t('equipment.sort'), dataIndex: 'sort', sorter: true, width: 90 },
    { key: 'modelCount', title: t('equipment.modelCount'), dataIndex: 'modelCount', width: 90 },
    {
      key: 'actions',
      title: t('equipment.actions'),
      width: 150,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: modelTypeApi.modelTypeUpdate,
              testId: `model-type-edit-${r.code}`,
              onClick: () => setEditing({ id: r.id, values: fieldsOf(r) }),
            }),
            deleteAction(t, {
              endpoint: modelTypeApi.modelTypeDelete,
              name: r.name,
              testId: `model-type-delete-${r.code}`,
              blockedBy: r.modelCount > 0 ? t('equipment.inUseModels', { count: r.modelCount }) : undefined,
              onDelete: () => remove.mutateAsync({ id: r.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('equipment.modelTypes')}
      testId="model-type-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={modelTypeApi.modelTypeAdd}
          testId="model-type-add"
          onClick={() => setEditing({ id: null, values: { sort: 0 } })}
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('equipment.keyword')} />
          </Form.Item>
          <Form.Item name="deviceType">
            <Select allowClear placeholder={t('equipment.deviceType')} style={{ width: 160 }} options={types} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<ModelTypeRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid="model-type-table"
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing?.id ? t('equipment.editModelType') : t('equipment.addModelType')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? update.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
        testId="model-type-form"
      >
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
      </FormModal>
    </ListCard>
  );
}
