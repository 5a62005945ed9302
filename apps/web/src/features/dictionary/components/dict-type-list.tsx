import { DICT_LIMITS, DICT_TYPE_PATTERN, type DictTypeRow, dictApi, shellApi } from '@ess/contract';
import { Form, Input, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';

type Values = { type: string; description: string };
type Filters = FiltersOf<typeof dictApi.dictTypePage>;
type Editing = { row: DictTypeRow | null; values: Partial<Values> } | null;
const NO_VALUES: Partial<Values> = {};

/** The dictionary types (master list): pick one to see its items. */
export function DictTypeList({
  selected,
  onSelect,
}: {
  selected: DictTypeRow | null;
  onSelect: (row: DictTypeRow | null) => void;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(dictApi.dictTypePage, filters);
  const after = { invalidate: [dictApi.dictTypePage, shellApi.dictTypeAll] };
  const add = useEndpointMutation(dictApi.dictTypeAdd, after);
  const update = useEndpointMutation(dictApi.dictTypeUpdate, after);
  const remove = useEndpointMutation(dictApi.dictTypeDelete, {
    invalidate: [dictApi.dictTypePage, dictApi.dictItemPage, shellApi.dictTypeAll],
  });

  const columns: ColumnsType<DictTypeRow> = [
    {
      key: 'type',
      title: t('dictAdmin.type'),
      dataIndex: 'type',
      sorter: true,
      render: (v: string, r) => (
        <>
          {v} {r.builtIn && <Tag>{t('dictAdmin.builtIn')}</Tag>}
        </>
      ),
    },
    { key: 'description', title: t('dictAdmin.description'), dataIndex: 'description', sorter: true, ellipsis: true },
    { key: 'itemCount', title: t('dictAdmin.itemCount'), dataIndex: 'itemCount', width: 80 },
    {
      key: 'actions',
      title: t('dictAdmin.actions'),
      width: 130,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: dictApi.dictTypeUpdate,
              testId: `dict-type-edit-${r.type}`,
              onClick: () => setEditing({ row: r, values: { type: r.type, description: r.description } }),
            }),
            {
              key: 'delete',
              label: t('crud.delete'),
              endpoint: dictApi.dictTypeDelete,
              danger: true,
              testId: `dict-type-delete-${r.type}`,
              disabled: r.builtIn,
              tooltip: r.builtIn ? t('dictAdmin.builtInType') : undefined,
              // Items go with their type only after this confirmation.
              confirm:
                r.itemCount > 0
                  ? t('dictAdmin.deleteWithItems', { name: r.type, count: r.itemCount })
                  : t('crud.deleteConfirm', { name: r.type }),
              onClick: async () => {
                await remove.mutateAsync({ id: r.id, withItems: r.itemCount > 0 });
                if (selected?.id === r.id) onSelect(null);
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('dictAdmin.types')}
      testId="dict-type-list"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={dictApi.dictTypeAdd}
          label={t('dictAdmin.addType')}
          testId="dict-type-add"
          onClick={() => setEditing({ row: null, values: {} })}
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="type">
            <Input allowClear placeholder={t('dictAdmin.type')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="description">
            <Input allowClear placeholder={t('dictAdmin.description')} style={{ width: 140 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<DictTypeRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [selected.id] : [],
          onChange: (_, rows) => onSelect(rows[0] ?? null),
        }}
        onRow={(r) => ({ onClick: () => onSelect(r) })}
        data-testid="dict-type-table"
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing?.row ? t('dictAdmin.editType') : t('dictAdmin.addType')}
        // Kept in state: a new object per render would reset the form while it is being saved.
        initialValues={editing?.values ?? NO_VALUES}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const row = editing?.row;
          if (!row) return add.mutateAsync(v);
          await update.mutateAsync({ ...v, id: row.id });
          if (selected?.id === row.id) onSelect({ ...row, ...v });
        }}
        testId="dict-type-form"
      >
        <Form.Item
          name="type"
          label={t('dictAdmin.type')}
          rules={[
            { required: true, whitespace: true, message: t('dictAdmin.problems.typeRequired') },
            { pattern: DICT_TYPE_PATTERN, message: t('dictAdmin.problems.typeFormat') },
          ]}
        >
          <Input maxLength={DICT_LIMITS.type} disabled={editing?.row?.builtIn ?? false} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('dictAdmin.description')}
          rules={[{ required: true, whitespace: true, message: t('dictAdmin.problems.descriptionRequired') }]}
        >
          <Input maxLength={DICT_LIMITS.description} />
        </Form.Item>
      </FormModal>
    </ListCard>
  );
}
