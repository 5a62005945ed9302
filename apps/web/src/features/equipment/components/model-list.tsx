import { type DeviceModelRow, equipModelApi } from '@ess/contract';
import { Form, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FilterBar,
  type FiltersOf,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { call } from '@/lib/api/client';
import { ModelFormModal, type ModelFormValues, modelFormValues } from './model-form-modal';
import { ModelPointsDrawer } from './model-points-drawer';
import { pointInput } from './point-values';
import { reportSaved } from './report-saved';

const EQUIP = {
  page: equipModelApi.equipModelPage,
  add: equipModelApi.equipModelAdd,
  update: equipModelApi.equipModelUpdate,
  remove: equipModelApi.equipModelDelete,
};
const EMS = {
  page: equipModelApi.emsModelPage,
  add: equipModelApi.emsModelAdd,
  update: equipModelApi.emsModelUpdate,
  remove: equipModelApi.emsModelDelete,
};

/** What differs between the device model list and the EMS model list. */
export type ModelListConfig = {
  /** Which models the list holds: 'ems' = EMS models only, through the EMS model calls; 'all' = models of every device type. */
  kind: 'ems' | 'all';
  title: string;
  /** Test ids of the page, its add button and table; row buttons are `<row>-points-<code>` etc. */
  testIds: { page: string; add: string; table: string; row: string; deleteButton: boolean };
  /** Columns after the name column. */
  extraColumns?: ColumnsType<DeviceModelRow>;
  /** Filter items after the keyword. */
  extraFilters?: ReactNode;
};

type Editing = { id: number | null; values: Partial<ModelFormValues> } | null;

/** A device model list with its form dialog and point drawer (system menus device / EMS models). */
export function ModelList({ kind, title, testIds, extraColumns = [], extraFilters }: ModelListConfig) {
  const { t } = useTranslation();
  const api = kind === 'ems' ? EMS : EQUIP;
  const [filters, setFilters] = useState<FiltersOf<typeof api.page>>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [pointsOf, setPointsOf] = useState<number | null>(null);
  const table = useServerTable(api.page, filters);
  const after = { invalidate: [api.page, equipModelApi.equipModelList, equipModelApi.equipModelDetail] };
  const add = useEndpointMutation(api.add, after);
  const update = useEndpointMutation(api.update, after);
  const remove = useEndpointMutation(api.remove, after);

  /** The body of an add or update call from the form; an EMS model's type is fixed. */
  const bodyOf = (v: ModelFormValues) => ({
    code: v.code,
    names: v.names,
    ...(kind === 'ems' ? {} : { deviceType: v.deviceType }),
    modelTypeId: v.modelTypeId ?? null,
    manufacturer: v.manufacturer ?? null,
    rated: Object.fromEntries(Object.entries(v.rated ?? {}).filter(([, n]) => typeof n === 'number')),
    points: (v.points ?? []).map(pointInput),
  });

  const edit = async (id: number) => {
    const detail = await call(equipModelApi.equipModelDetail, { id });
    setEditing({ id, values: modelFormValues(detail) });
  };

  const columns: ColumnsType<DeviceModelRow> = [
    { key: 'code', title: t('equipment.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
    ...extraColumns,
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
              testId: `${testIds.row}-points-${m.code}`,
              onClick: () => setPointsOf(m.id),
            },
            editAction(t, { endpoint: api.update, testId: `${testIds.row}-edit-${m.code}`, onClick: () => edit(m.id) }),
            deleteAction(t, {
              endpoint: api.remove,
              name: m.code,
              testId: testIds.deleteButton ? `${testIds.row}-delete-${m.code}` : undefined,
              blockedBy: m.deviceCount > 0 ? t('equipment.inUseDevices', { count: m.deviceCount }) : undefined,
              onDelete: () => remove.mutateAsync({ id: m.id }),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={title}
      testId={testIds.page}
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={api.add}
          testId={testIds.add}
          onClick={() =>
            setEditing({ id: null, values: kind === 'ems' ? { deviceType: 'ems', points: [] } : { points: [] } })
          }
        />
      }
      filters={
        <FilterBar<FiltersOf<typeof api.page>> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('equipment.keyword')} />
          </Form.Item>
          {extraFilters}
        </FilterBar>
      }
    >
      <Table<DeviceModelRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid={testIds.table}
      />
      <ModelFormModal
        open={editing !== null}
        title={editing?.id ? t('equipment.editModel') : t('equipment.addModel')}
        initialValues={editing?.values ?? {}}
        fixedType={kind === 'ems' ? 'ems' : undefined}
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
