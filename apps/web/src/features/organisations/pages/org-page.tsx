import { type OrgNode, orgApi } from '@ess/contract';
import { Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, editAction, FormModal, ListCard, RowActions, useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { OrgFormFields, type OrgFormValues } from '../components/org-form';

type Row = Omit<OrgNode, 'children'> & { children?: Row[] };

/** Tree rows for the table: leaves without an empty `children` (no expand icon), filtered by `text`. */
function rowsOf(nodes: OrgNode[], text: string): Row[] {
  const q = text.trim().toLowerCase();
  const out: Row[] = [];
  for (const { children, ...node } of nodes) {
    const kids = rowsOf(children, text);
    const hit = !q || node.name.toLowerCase().includes(q) || node.code.toLowerCase().includes(q);
    if (hit || kids.length) out.push(kids.length ? { ...node, children: kids } : node);
  }
  return out;
}

type Editing = { id: number | null; values: Partial<OrgFormValues> } | null;

/** System menu "organisations" (/system/org): the organisation tree with add, edit and delete. */
export function OrgPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const list = useEndpoint(orgApi.orgList, {});
  const options = useEndpoint(orgApi.orgTree, {});
  const after = { invalidate: [orgApi.orgList, orgApi.orgTree] };
  const add = useEndpointMutation(orgApi.orgAdd, after);
  const update = useEndpointMutation(orgApi.orgUpdate, after);
  const remove = useEndpointMutation(orgApi.orgDelete, after);
  const rows = useMemo(() => rowsOf(list.data ?? [], text), [list.data, text]);

  const columns: ColumnsType<Row> = [
    { key: 'name', title: t('orgAdmin.name'), dataIndex: 'name' },
    { key: 'code', title: t('orgAdmin.code'), dataIndex: 'code' },
    { key: 'leader', title: t('orgAdmin.leader'), dataIndex: 'leader', render: (v: string | null) => v ?? '-' },
    { key: 'phone', title: t('orgAdmin.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
    { key: 'orderNum', title: t('orgAdmin.orderNum'), dataIndex: 'orderNum', width: 80 },
    { key: 'stationCount', title: t('orgAdmin.stations'), dataIndex: 'stationCount', width: 90 },
    { key: 'userCount', title: t('orgAdmin.users'), dataIndex: 'userCount', width: 90 },
    {
      key: 'actions',
      title: t('orgAdmin.actions'),
      width: 220,
      render: (_, o) => {
        const held = o.stationCount > 0 || o.userCount > 0 || (o.children?.length ?? 0) > 0;
        return (
          <RowActions
            actions={[
              {
                key: 'child',
                label: t('orgAdmin.addChild'),
                endpoint: orgApi.orgAdd,
                testId: `org-add-child-${o.code}`,
                onClick: () => setEditing({ id: null, values: { pid: o.id, orderNum: 0 } }),
              },
              editAction(t, {
                endpoint: orgApi.orgUpdate,
                testId: `org-edit-${o.code}`,
                onClick: () =>
                  setEditing({
                    id: o.id,
                    values: {
                      pid: o.pid,
                      name: o.name,
                      code: o.code,
                      orderNum: o.orderNum,
                      leader: o.leader,
                      phone: o.phone,
                    },
                  }),
              }),
              {
                key: 'delete',
                label: t('crud.delete'),
                endpoint: orgApi.orgDelete,
                danger: true,
                testId: `org-delete-${o.code}`,
                // The server refuses and names what the organisation holds; say so before asking.
                tooltip: held ? t('orgAdmin.holds') : undefined,
                confirm: t('crud.deleteConfirm', { name: o.name }),
                // A refusal has been shown by the client (spec 8); nothing else to do.
                onClick: () => remove.mutateAsync({ id: o.id }).catch(() => undefined),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <ListCard
      title={t('orgAdmin.title')}
      testId="org-page"
      failed={list.isError && !list.data}
      toolbar={
        <AddButton
          endpoint={orgApi.orgAdd}
          testId="org-add"
          onClick={() => setEditing({ id: null, values: { pid: rows[0]?.id ?? 0, orderNum: 0 } })}
        />
      }
      filters={
        <Input.Search
          allowClear
          placeholder={t('orgAdmin.search')}
          onSearch={setText}
          style={{ maxWidth: 320, marginBottom: 12 }}
          data-testid="org-search"
        />
      }
    >
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={false}
        // Every level open once loaded (a new table then): the tree is small and this page is about its shape.
        key={list.data ? `tree-${text}` : 'loading'}
        expandable={{ defaultExpandAllRows: true }}
        data-testid="org-table"
      />
      <FormModal<OrgFormValues>
        open={editing !== null}
        title={editing?.id ? t('orgAdmin.editTitle') : t('orgAdmin.addTitle')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? update.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
        testId="org-form"
      >
        <OrgFormFields options={options.data ?? []} editedId={editing?.id ?? null} />
      </FormModal>
    </ListCard>
  );
}
