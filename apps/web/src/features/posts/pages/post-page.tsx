import { ORG_CODE_PATTERN, orgApi, type SysPost } from '@ess/contract';
import { Col, Form, Input, InputNumber, Row, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  EnabledFilter,
  EnabledSwitch,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';

type Values = { code: string; name: string; orderNum: number; enabled: boolean; remark?: string | null };
type Filters = FiltersOf<typeof orgApi.postPage>;
type Editing = { id: number | null; values: Partial<Values> } | null;

const fieldsOf = (p: SysPost): Values => ({
  code: p.code,
  name: p.name,
  orderNum: p.orderNum,
  enabled: p.enabled,
  remark: p.remark,
});

/** System menu "posts" (/system/post, pc only): the posts users hold. */
export function PostPage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(orgApi.postPage, filters);
  const after = { invalidate: [orgApi.postPage, orgApi.postOptions] };
  const add = useEndpointMutation(orgApi.postAdd, after);
  const update = useEndpointMutation(orgApi.postUpdate, after);
  const remove = useEndpointMutation(orgApi.postDelete, after);

  const columns: ColumnsType<SysPost> = [
    { key: 'code', title: t('postAdmin.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('postAdmin.name'), dataIndex: 'name', sorter: true },
    { key: 'orderNum', title: t('postAdmin.orderNum'), dataIndex: 'orderNum', sorter: true, width: 90 },
    {
      key: 'enabled',
      title: t('postAdmin.enabled'),
      width: 100,
      render: (_, p) => (
        <EnabledSwitch
          checked={p.enabled}
          endpoint={orgApi.postUpdate}
          testId={`post-enabled-${p.code}`}
          onChange={(enabled) => update.mutate({ ...fieldsOf(p), id: p.id, enabled })}
        />
      ),
    },
    { key: 'userCount', title: t('postAdmin.users'), dataIndex: 'userCount', width: 90 },
    {
      key: 'remark',
      title: t('postAdmin.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'createTime',
      title: clock.withZone(t('postAdmin.createTime')),
      dataIndex: 'createTime',
      sorter: true,
      render: (v: string) => instantText(clock, Date.parse(v)),
    },
    {
      key: 'actions',
      title: t('postAdmin.actions'),
      width: 150,
      render: (_, p) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: orgApi.postUpdate,
              testId: `post-edit-${p.code}`,
              onClick: () => setEditing({ id: p.id, values: fieldsOf(p) }),
            }),
            deleteAction(t, {
              endpoint: orgApi.postDelete,
              name: p.name,
              testId: `post-delete-${p.code}`,
              blockedBy: p.userCount > 0 ? t('postAdmin.held', { count: p.userCount }) : undefined,
              onDelete: () => remove.mutateAsync({ id: p.id }).catch(() => undefined),
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('postAdmin.title')}
      testId="post-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={orgApi.postAdd}
          testId="post-add"
          onClick={() => setEditing({ id: null, values: { orderNum: 0, enabled: true } })}
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('postAdmin.keyword')} />
          </Form.Item>
          <EnabledFilter placeholder={t('postAdmin.enabled')} />
        </FilterBar>
      }
    >
      <Table<SysPost> rowKey="id" size="small" columns={columns} {...table.tableProps} data-testid="post-table" />
      <FormModal<Values>
        open={editing !== null}
        title={editing?.id ? t('postAdmin.editTitle') : t('postAdmin.addTitle')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? update.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
        testId="post-form"
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('postAdmin.code')}
              rules={[
                { required: true, whitespace: true, message: t('postAdmin.codeRequired') },
                { pattern: ORG_CODE_PATTERN, message: t('postAdmin.codeFormat') },
              ]}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('postAdmin.name')}
              rules={[{ required: true, whitespace: true, message: t('postAdmin.nameRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="orderNum" label={t('postAdmin.orderNum')}>
              <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('postAdmin.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('postAdmin.remark')}>
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
    </ListCard>
  );
}
