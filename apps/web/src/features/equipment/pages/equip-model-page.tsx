import { type DeviceModelRow, equipModelApi } from '@ess/contract';
import { Form, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  FilterBar,
  type FiltersOf,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { call } from '@/lib/api/client';
import { useDeviceTypeOptions, useModelTypeOptions } from '../api/equipment-options';
import { ModelFormModal, type ModelFormValues, modelFormValues } from '../components/model-form-modal';
import { ModelPointsDrawer } from '../components/model-points-drawer';
import { pointInput } from '../components/point-values';
import { reportSaved } from '../components/report-saved';

type Filters = FiltersOf<typeof equipModelApi.equipModelPage>;
type Editing = { id: number | null; values: Partial<ModelFormValues> } | null;

/** The body of an add or update call from the form. */
const bodyOf = (v: ModelFormValues) => ({
  code: v.code,
  names: v.names,
  deviceType: v.deviceType,
  modelTypeId: v.modelTypeId ?? null,
  manufacturer: v.manufacturer ?? null,
  rated: Object.fromEntries(Object.entries(v.rated ?? {}).filter(([, n]) => typeof n === 'number')),
  points: (v.points ?? []).map(pointInput),
});

/** System menu "device models" (/system/equip-model): models with their point lists. */
export function EquipModelPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [pointsOf, setPointsOf] = useState<number | null>(null);
  const table = useServerTable(equipModelApi.equipModelPage, filters);
  const types = useDeviceTypeOptions();
  const modelTypes = useModelTypeOptions();
  const after = {
    invalidate: [equipModelApi.equipModelPage, equipModelApi.equipModelList, equipModelApi.equipModelDetail],
  };
  const add = useEndpointMutation(equipModelApi.equipModelAdd, after);
  const update = useEndpointMutation(equipModelApi.equipModelUpdate, after);
  const remove = useEndpointMutation(equipModelApi.equipModelDelete, after);

  const edit = async (id: number) => {
    const detail = await call(equipModelApi.equipModelDetail, { id });
    setEditing({ id, values: modelFormValues(detail) });
  };

  const columns: ColumnsType<DeviceModelRow> = [
    { key: 'code', title: t('equipment.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
    { key: 'deviceType', title: t('equipment.deviceType'), dataIndex: 'deviceTypeName', sorter: true },
    {
      key: 'modelType',
      title: t('equipment.modelType'),
      dataIndex: 'modelTypeName',
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'manufacturer',
      title: t('equipment.manufacturer'),
      dataIndex: 'manufacturer',
      sorter: true,
      render: (v: string | null) => v ?? '-',
    },
    { key: 'pointCount', title: t('equipment.pointCount'), dataIndex: 'pointCount', width: 90 },
    { key: 'deviceCount', title: t('equipment.deviceCount'), dataIndex: 'deviceCount', width: 90 },
    {
      key: 'actions',
      title: t('equipment.actions'),
      width: 200,
      render: (_, m) => (
        <RowActions
          actions={[
            {
              key: 'points',
              label: t('equipment.points'),
              testId: `model-points-${m.code}`,
              onClick: () => setPointsOf(m.id),
            },
            {
              key: 'edit',
              label: t('crud.edit'),
              endpoint: equipModelApi.equipModelUpdate,
              testId: `model-edit-${m.code}`,
              onClick: () => edit(m.id),
            },
            {
              key: 'delete',
              label: t('crud.delete'),
              endpoint: equipModelApi.equipModelDelete,
              danger: true,
              testId: `model-delete-${m.code}`,
              disabled: m.deviceCount > 0,
              tooltip: m.deviceCount > 0 ? t('equipment.inUseDevices', { count: m.deviceCount }) : undefined,
              confirm: t('crud.deleteConfirm', { name: m.code }),
              onClick: () => remove.mutateAsync({ id: m.id }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('equipment.models')}
      testId="equip-model-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={equipModelApi.equipModelAdd}
          testId="model-add"
          onClick={() => setEditing({ id: null, values: { points: [] } })}
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
          <Form.Item name="modelTypeId">
            <Select allowClear placeholder={t('equipment.modelType')} style={{ width: 180 }} options={modelTypes} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<DeviceModelRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid="model-table"
      />
      <ModelFormModal
        open={editing !== null}
        title={editing?.id ? t('equipment.editModel') : t('equipment.addModel')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const saved = editing?.id
            ? await update.mutateAsync({ ...bodyOf(v), id: editing.id })
            : await add.mutateAsync(bodyOf(v));
          reportSaved(saved, t);
        }}
      />
      <ModelPointsDrawer modelId={pointsOf} onClose={() => setPointsOf(null)} />
    </ListCard>
  );
}
