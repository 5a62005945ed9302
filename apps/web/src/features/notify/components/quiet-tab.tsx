import { PlusOutlined } from '@ant-design/icons';
import { type NotifyConfig, type NotifyQuiet, type NotifyQuietBody, notifyApi } from '@ess/contract';
import { Alert, Button, Form, Modal, Popconfirm, Select, Space, Switch, Table, TimePicker } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { browserTimeZone, knownTimeZones } from '@/lib/format/zone';
import { useDeleteQuiet, useSaveQuiet } from '../api/notify';

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const toTime = (minute: number) => dayjs().startOf('day').add(minute, 'minute');
const toMinute = (d: Dayjs) => d.hour() * 60 + d.minute();
/** Every zone the browser knows, the reader's own first. */
const ZONES = (() => {
  const own = browserTimeZone();
  return [own, ...knownTimeZones().filter((z) => z !== own)];
})();

type Values = { userId: number; start: Dayjs; end: Dayjs; timezone: string; allowCritical: boolean; enabled: boolean };

/** Per-user quiet hours: no e-mail or SMS in the window (critical alarms optionally excepted). */
export function QuietTab({ config }: { config: NotifyConfig }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: NotifyQuiet | null } | null>(null);
  const remove = useDeleteQuiet();
  const columns: ColumnsType<NotifyQuiet> = [
    { key: 'user', title: t('notify.quiet.user'), dataIndex: 'userName' },
    {
      key: 'window',
      title: t('notify.quiet.window'),
      render: (_, q) => `${hhmm(q.startMinute)} – ${hhmm(q.endMinute)}`,
    },
    { key: 'tz', title: t('notify.quiet.timezone'), dataIndex: 'timezone' },
    {
      key: 'critical',
      title: t('notify.quiet.allowCritical'),
      render: (_, q) => <Switch size="small" checked={q.allowCritical} disabled />,
    },
    {
      key: 'enabled',
      title: t('notify.quiet.enabled'),
      render: (_, q) => <Switch size="small" checked={q.enabled} disabled />,
    },
    {
      key: 'actions',
      title: t('notify.actions'),
      width: 130,
      render: (_, q) => (
        <Permission endpoint={notifyApi.notifyQuietSave}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ row: q })}>
              {t('notify.edit')}
            </Button>
            <Popconfirm
              title={t('notify.deleteConfirm')}
              onConfirm={() =>
                remove.mutateAsync(q.userId).then(
                  () => notify.success(t('notify.deleted')),
                  () => undefined,
                )
              }
            >
              <Button type="link" size="small" danger>
                {t('notify.delete')}
              </Button>
            </Popconfirm>
          </Space>
        </Permission>
      ),
    },
  ];
  return (
    <>
      <Alert type="info" showIcon title={t('notify.quiet.hint')} style={{ marginBottom: 12 }} />
      <Permission endpoint={notifyApi.notifyQuietSave}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({ row: null })}
          data-testid="notify-quiet-add"
        >
          {t('notify.quiet.add')}
        </Button>
      </Permission>
      <Table<NotifyQuiet>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={config.quietHours}
        pagination={false}
        data-testid="notify-quiet"
      />
      {editing && <QuietForm config={config} row={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}

function QuietForm({ config, row, onClose }: { config: NotifyConfig; row: NotifyQuiet | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveQuiet();
  const required = [{ required: true, message: t('notify.chain.required') }];
  const initial: Partial<Values> = row
    ? { ...row, start: toTime(row.startMinute), end: toTime(row.endMinute) }
    : { start: toTime(22 * 60), end: toTime(7 * 60), timezone: ZONES[0], allowCritical: true, enabled: true };
  const submit = ({ start, end, ...v }: Values) => {
    const body: NotifyQuietBody = { ...v, startMinute: toMinute(start), endMinute: toMinute(end) };
    return save.mutateAsync(body).then(
      () => {
        notify.success(t('notify.saved'));
        onClose();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      open
      title={row ? t('notify.edit') : t('notify.quiet.add')}
      okText={t('notify.save')}
      cancelText={t('notify.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item name="userId" label={t('notify.quiet.user')} rules={required}>
          <Select
            showSearch
            disabled={row !== null}
            optionFilterProp="label"
            options={config.users.map((u) => ({ value: u.id, label: u.name }))}
          />
        </Form.Item>
        <Space>
          <Form.Item name="start" label={t('notify.quiet.start')} rules={required}>
            <TimePicker format="HH:mm" allowClear={false} />
          </Form.Item>
          <Form.Item name="end" label={t('notify.quiet.end')} rules={required}>
            <TimePicker format="HH:mm" allowClear={false} />
          </Form.Item>
        </Space>
        <Form.Item name="timezone" label={t('notify.quiet.timezone')} rules={required}>
          <Select showSearch options={ZONES.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="allowCritical" label={t('notify.quiet.allowCritical')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('notify.quiet.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
