import { DICT_LIMITS, DICT_TYPE_PATTERN, type DictTypeRow, dictApi } from '@ess/contract';
import { Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { DICT_TYPE_DELETES } from '../api/dict-writes';

type Values = { type: string; description: string };

/** The dictionary types (master list): pick one to see its items. */
export function DictTypeList({
  selected,
  onSelect,
}: {
  selected: DictTypeRow | null;
  onSelect: (row: DictTypeRow | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <CrudPage
      title={t('dictAdmin.types')}
      testId="dict-type"
      cardTestId="dict-type-list"
      list={dictApi.dictTypePage}
      rowTestKey={(r) => r.type}
      rowName={(r) => r.type}
      // A deleted type takes its items along, so the item list is refetched too.
      invalidate={DICT_TYPE_DELETES}
      actionsWidth={130}
      filters={
        <>
          <Form.Item name="type">
            <Input allowClear placeholder={t('dictAdmin.type')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="description">
            <Input allowClear placeholder={t('dictAdmin.description')} style={{ width: 140 }} />
          </Form.Item>
        </>
      }
      columns={[
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
        {
          key: 'description',
          title: t('dictAdmin.description'),
          dataIndex: 'description',
          sorter: true,
          ellipsis: true,
        },
        { key: 'itemCount', title: t('dictAdmin.itemCount'), dataIndex: 'itemCount', width: 80 },
      ]}
      table={{
        rowSelection: {
          type: 'radio',
          selectedRowKeys: selected ? [selected.id] : [],
          onChange: (_, rows) => onSelect(rows[0] ?? null),
        },
        onRow: (r) => ({ onClick: () => onSelect(r) }),
      }}
      add={{ endpoint: dictApi.dictTypeAdd, label: t('dictAdmin.addType'), input: (v: Values) => v }}
      update={{
        endpoint: dictApi.dictTypeUpdate,
        input: (v, r) => ({ ...v, id: r.id }),
        done: (v, r) => {
          if (selected?.id === r.id) onSelect({ ...r, ...v });
        },
      }}
      remove={{
        endpoint: dictApi.dictTypeDelete,
        input: (r) => ({ id: r.id, withItems: r.itemCount > 0 }),
        blockedBy: (r) => (r.builtIn ? t('dictAdmin.builtInType') : undefined),
        // Items go with their type only after this confirmation.
        confirm: (r) =>
          r.itemCount > 0
            ? t('dictAdmin.deleteWithItems', { name: r.type, count: r.itemCount })
            : t('crud.deleteConfirm', { name: r.type }),
        done: (r) => {
          if (selected?.id === r.id) onSelect(null);
        },
      }}
      form={{
        titles: { add: t('dictAdmin.addType'), edit: t('dictAdmin.editType') },
        valuesOf: (r) => ({ type: r.type, description: r.description }),
        fields: (_, row) => (
          <>
            <Form.Item
              name="type"
              label={t('dictAdmin.type')}
              rules={[
                { required: true, whitespace: true, message: t('dictAdmin.problems.typeRequired') },
                { pattern: DICT_TYPE_PATTERN, message: t('dictAdmin.problems.typeFormat') },
              ]}
            >
              <Input maxLength={DICT_LIMITS.type} disabled={row?.builtIn ?? false} />
            </Form.Item>
            <Form.Item
              name="description"
              label={t('dictAdmin.description')}
              rules={[{ required: true, whitespace: true, message: t('dictAdmin.problems.descriptionRequired') }]}
            >
              <Input maxLength={DICT_LIMITS.description} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
