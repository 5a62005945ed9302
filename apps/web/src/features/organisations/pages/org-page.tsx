import { type OrgNode, orgApi } from '@ess/contract';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { ORG_WRITES, useOrgList, useOrgOptions } from '../api/orgs';
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

const valuesOf = (o: Row): Partial<OrgFormValues> => ({
  pid: o.pid,
  name: o.name,
  code: o.code,
  orderNum: o.orderNum,
  leader: o.leader,
  phone: o.phone,
});

/** System menu "organisations" (/system/org): the organisation tree with add, edit and delete. */
export function OrgPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const list = useOrgList();
  const options = useOrgOptions();
  const rows = useMemo(() => rowsOf(list.data ?? [], text), [list.data, text]);
  const dash = (v: string | null) => v ?? '-';
  return (
    <CrudRowsPage
      title={t('orgAdmin.title')}
      testId="org"
      rows={rows}
      loading={list.isFetching}
      failed={list.isError && !list.data}
      listEntries={[orgApi.orgList]}
      invalidate={ORG_WRITES}
      rowTestKey={(o) => o.code}
      rowName={(o) => o.name}
      actionsWidth={220}
      search={
        <Input.Search
          allowClear
          placeholder={t('orgAdmin.search')}
          onSearch={setText}
          style={{ maxWidth: 320, marginBottom: 12 }}
          data-testid="org-search"
        />
      }
      columns={[
        { key: 'name', title: t('orgAdmin.name'), dataIndex: 'name' },
        { key: 'code', title: t('orgAdmin.code'), dataIndex: 'code' },
        { key: 'leader', title: t('orgAdmin.leader'), dataIndex: 'leader', render: dash },
        { key: 'phone', title: t('orgAdmin.phone'), dataIndex: 'phone', render: dash },
        { key: 'orderNum', title: t('orgAdmin.orderNum'), dataIndex: 'orderNum', width: 80 },
        { key: 'stationCount', title: t('orgAdmin.stations'), dataIndex: 'stationCount', width: 90 },
        { key: 'userCount', title: t('orgAdmin.users'), dataIndex: 'userCount', width: 90 },
      ]}
      // Every level open once loaded (a new table then): the tree is small and this page is about its shape.
      tableKey={list.data ? `tree-${text}` : 'loading'}
      table={{ expandable: { defaultExpandAllRows: true } }}
      rowActions={(o, { openAdd }) => [
        {
          key: 'child',
          label: t('orgAdmin.addChild'),
          endpoint: orgApi.orgAdd,
          testId: `org-add-child-${o.code}`,
          onClick: () => openAdd({ pid: o.id, orderNum: 0 }),
        },
      ]}
      add={{ endpoint: orgApi.orgAdd, input: (v: OrgFormValues) => v }}
      update={{ endpoint: orgApi.orgUpdate, input: (v, o) => ({ ...v, id: o.id }) }}
      remove={{
        endpoint: orgApi.orgDelete,
        input: (o) => ({ id: o.id }),
        // The server refuses and names what the organisation holds; say so before asking.
        hint: (o) =>
          o.stationCount > 0 || o.userCount > 0 || (o.children?.length ?? 0) > 0 ? t('orgAdmin.holds') : undefined,
      }}
      form={{
        titles: { add: t('orgAdmin.addTitle'), edit: t('orgAdmin.editTitle') },
        defaults: { pid: rows[0]?.id ?? 0, orderNum: 0 },
        valuesOf,
        fields: (_, row) => <OrgFormFields options={options.data ?? []} editedId={row?.id ?? null} />,
      }}
    />
  );
}
