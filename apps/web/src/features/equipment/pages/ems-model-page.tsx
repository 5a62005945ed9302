import { type DeviceModelRow, equipModelApi } from '@ess/contract';
import { Form, Input, Table } from 'antd';
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
import { ModelFormModal, type ModelFormValues, modelFormValues } from '../components/model-form-modal';
import { ModelPointsDrawer } from '../components/model-points-drawer';
import { pointInput } from '../components/point-values';
import { reportSaved } from '../components/report-saved';

type Filters = FiltersOf<typeof equipModelApi.emsModelPage>;
type Editing = { id: number | null; values: Partial<ModelFormValues> } | null;

const bodyOf = (v: ModelFormValues) => ({
  code: v.code,
  names: v.names,
  modelTypeId: v.modelTypeId ?? null,
  manufacturer: v.manufacturer ?? null,
  rated: Object.fromEntries(Object.entries(v.rated ?? {}).filter(([, n]) => typeof n === 'number')),
  points: (v.points ?? []).map(pointInput),
});

/** System menu "EMS models" (/system/ems-model): device models of type EMS and their points. */
export function EmsModelPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [pointsOf, setPointsOf] = useState<number | null>(null);
  const table = useServerTable(equipModelApi.emsModelPage, filters);
  const after = {
    invalidate: [equipModelApi.emsModelPage, equipModelApi.equipModelList, equipModelApi.equipModelDetail],
  };
  const add = useEndpointMutation(equipModelApi.emsModelAdd, after);
  const update = useEndpointMutation(equipModelApi.emsModelUpdate, after);
  const remove = useEndpointMutation(equipModelApi.emsModelDelete, after);

  const columns: ColumnsType<DeviceModelRow> = [
    { key: 'code', title: t('equipment.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
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
              testId: `ems-model-points-${m.code}`,
              onClick: () => setPointsOf(m.id),
            },
            {
              key: 'edit',
              label: t('crud.edit'),
              endpoint: equipModelApi.emsModelUpdate,
              testId: `ems-model-edit-${m.code}`,
              onClick: async () =>
                setEditing({
                  id: m.id,
                  values: modelFormValues(await call(equipModelApi.equipModelDetail, { id: m.id })),
                }),
            },
            {
              key: 'delete',
              label: t('crud.delete'),
              endpoint: equipModelApi.emsModelDelete,
              danger: true,
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
      title={t('equipment.emsModels')}
      testId="ems-model-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={equipModelApi.emsModelAdd}
          testId="ems-model-add"
          onClick={() => setEditing({ id: null, values: { deviceType: 'ems', points: [] } })}
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('equipment.keyword')} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<DeviceModelRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid="ems-model-table"
      />
      <ModelFormModal
        open={editing !== null}
        title={editing?.id ? t('equipment.editModel') : t('equipment.addModel')}
        initialValues={editing?.values ?? {}}
        fixedType="ems"
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
