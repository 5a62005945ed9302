import { ORG_CODE_PATTERN, orgApi, type SysPost } from '@ess/contract';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, EnabledFilter, EnabledSwitch } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { POST_WRITE_INVALIDATES, useUpdatePost } from '../api/post-writes';

type Values = { code: string; name: string; orderNum: number; enabled: boolean; remark?: string | null };

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
  const update = useUpdatePost();
  return (
    <CrudPage
      title={t('postAdmin.title')}
      testId="post"
      list={orgApi.postPage}
      rowTestKey={(p) => p.code}
      rowName={(p) => p.name}
      invalidate={POST_WRITE_INVALIDATES}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('postAdmin.keyword')} />
          </Form.Item>
          <EnabledFilter placeholder={t('crud.status')} />
        </>
      }
      columns={[
        { key: 'code', title: t('postAdmin.code'), dataIndex: 'code', sorter: true },
        { key: 'name', title: t('postAdmin.name'), dataIndex: 'name', sorter: true },
        { key: 'orderNum', title: t('postAdmin.orderNum'), dataIndex: 'orderNum', sorter: true, width: 90 },
        {
          key: 'enabled',
          title: t('crud.status'),
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
          title: t('crud.remark'),
          dataIndex: 'remark',
          ellipsis: true,
          render: (v: string | null) => v ?? '-',
        },
        {
          key: 'createTime',
          title: clock.withZone(t('crud.createTime')),
          dataIndex: 'createTime',
          sorter: true,
          render: (v: string) => instantText(clock, Date.parse(v)),
        },
      ]}
      add={{ endpoint: orgApi.postAdd, input: (v: Values) => v }}
      update={{ endpoint: orgApi.postUpdate, input: (v, p) => ({ ...v, id: p.id }) }}
      remove={{
        endpoint: orgApi.postDelete,
        input: (p) => ({ id: p.id }),
        blockedBy: (p) => (p.userCount > 0 ? t('postAdmin.held', { count: p.userCount }) : undefined),
      }}
      form={{
        titles: { add: t('postAdmin.addTitle'), edit: t('postAdmin.editTitle') },
        defaults: { orderNum: 0, enabled: true },
        valuesOf: fieldsOf,
        fields: (
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
              <Form.Item name="enabled" label={t('crud.status')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('crud.remark')}>
                <Input.TextArea maxLength={500} rows={3} />
              </Form.Item>
            </Col>
          </Row>
        ),
      }}
    />
  );
}
