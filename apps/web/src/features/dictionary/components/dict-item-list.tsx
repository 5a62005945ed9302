import { DICT_LIMITS, type DictItemRow, type DictTypeRow, dictApi, shellApi } from '@ess/contract';
import { Col, Empty, Form, Input, InputNumber, Row, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FilterBar,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';

type Labels = { zh_CN: string; en_US: string; es_ES?: string; ja_JP?: string };
type Values = { key: string; value: string; labels: Labels; sort: number };
const NO_VALUES: Partial<Values> = {};
type Editing = { row: DictItemRow | null; values: Partial<Values> } | null;

/** The items of the chosen type (detail list). */
export function DictItemList({ type }: { type: DictTypeRow | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(dictApi.dictItemPage, type ? { typeId: type.id, text } : null);
  const after = { invalidate: [dictApi.dictItemPage, dictApi.dictTypePage, shellApi.dictTypeAll] };
  const add = useEndpointMutation(dictApi.dictItemAdd, after);
  const update = useEndpointMutation(dictApi.dictItemUpdate, after);
  const remove = useEndpointMutation(dictApi.dictItemDelete, after);

  if (!type) {
    return (
      <ListCard title={t('dictAdmin.items')} testId="dict-item-list">
        <Empty description={t('dictAdmin.pickType')} />
      </ListCard>
    );
  }

  const columns: ColumnsType<DictItemRow> = [
    {
      key: 'key',
      title: t('dictAdmin.key'),
      dataIndex: 'key',
      sorter: true,
      render: (v: string, r) => (
        <>
          {v} {r.builtIn && <Tag>{t('dictAdmin.builtIn')}</Tag>}
        </>
      ),
    },
    { key: 'value', title: t('dictAdmin.value'), dataIndex: 'value', sorter: true },
    { key: 'label', title: t('dictAdmin.label'), dataIndex: 'label' },
    { key: 'sort', title: t('dictAdmin.sort'), dataIndex: 'sort', sorter: true, width: 80 },
    {
      key: 'actions',
      title: t('dictAdmin.actions'),
      width: 130,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: dictApi.dictItemUpdate,
              testId: `dict-item-edit-${r.key}`,
              onClick: () =>
                setEditing({ row: r, values: { key: r.key, value: r.value, labels: r.labels, sort: r.sort } }),
            }),
            deleteAction(t, {
              endpoint: dictApi.dictItemDelete,
              name: r.label,
              testId: `dict-item-delete-${r.key}`,
              blockedBy: r.builtIn ? t('dictAdmin.builtInItem') : undefined,
              onDelete: () => remove.mutateAsync({ id: r.id }),
            }),
          ]}
        />
      ),
    },
  ];

  const row = editing?.row ?? null;
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <ListCard
      title={t('dictAdmin.itemsOf', { type: type.type })}
      testId="dict-item-list"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={dictApi.dictItemAdd}
          label={t('dictAdmin.addItem')}
          testId="dict-item-add"
          onClick={() => setEditing({ row: null, values: { sort: table.total + 1 } })}
        />
      }
      filters={
        <FilterBar<{ text?: string }> onSearch={(v) => setText(v.text)}>
          <Form.Item name="text">
            <Input allowClear placeholder={t('dictAdmin.text')} style={{ width: 180 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<DictItemRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        data-testid="dict-item-table"
      />
      <FormModal<Values>
        open={editing !== null}
        title={row ? t('dictAdmin.editItem') : t('dictAdmin.addItem')}
        // Kept in state: a new object per render would reset the form while it is being saved.
        initialValues={editing?.values ?? NO_VALUES}
        width={640}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (row ? update.mutateAsync({ ...v, id: row.id }) : add.mutateAsync({ ...v, typeId: type.id }))}
        testId="dict-item-form"
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="key" label={t('dictAdmin.key')} rules={required(t('dictAdmin.problems.keyRequired'))}>
              <Input maxLength={DICT_LIMITS.key} disabled={row?.builtIn ?? false} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="value"
              label={t('dictAdmin.value')}
              rules={required(t('dictAdmin.problems.valueRequired'))}
            >
              <Input maxLength={DICT_LIMITS.value} disabled={row?.builtIn ?? false} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['labels', 'zh_CN']}
              label={t('dictAdmin.labelZh')}
              rules={required(t('dictAdmin.problems.labelRequired'))}
            >
              <Input maxLength={DICT_LIMITS.label} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['labels', 'en_US']}
              label={t('dictAdmin.labelEn')}
              rules={required(t('dictAdmin.problems.labelRequired'))}
            >
              <Input maxLength={DICT_LIMITS.label} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name={['labels', 'es_ES']} label={t('dictAdmin.labelEs')}>
              <Input maxLength={DICT_LIMITS.label} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name={['labels', 'ja_JP']} label={t('dictAdmin.labelJa')}>
              <Input maxLength={DICT_LIMITS.label} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort" label={t('dictAdmin.sort')}>
              <InputNumber min={0} max={DICT_LIMITS.sort} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
    </ListCard>
  );
}
