import { PlusOutlined } from '@ant-design/icons';
import { NOTIFY_LIMITS, type NotifyConfig, type NotifyRateBody, notifyApi } from '@ess/contract';
import { Alert, Button, Form, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { useDeleteRate, useSaveRate } from '../api/notify';

type Row = NotifyConfig['rates'][number];

/** Per-station rate limits: messages per recipient per window (a storm becomes one digest a round). */
export function RateTab({ config }: { config: NotifyConfig }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const remove = useDeleteRate();
  const columns: ColumnsType<Row> = [
    { key: 'station', title: t('notify.rate.station'), dataIndex: 'stationName' },
    { key: 'max', title: t('notify.rate.max'), dataIndex: 'maxPerWindow' },
    { key: 'window', title: t('notify.rate.window'), dataIndex: 'windowMinutes' },
    {
      key: 'actions',
      title: t('notify.actions'),
      width: 130,
      render: (_, r) => (
        <Permission endpoint={notifyApi.notifyRateSave}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ row: r })}>
              {t('notify.edit')}
            </Button>
            <Popconfirm
              title={t('notify.deleteConfirm')}
              onConfirm={() =>
                remove.mutateAsync(r.stationId).then(
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
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('notify.rate.defaultRate', {
          max: config.defaultRate.maxPerWindow,
          window: config.defaultRate.windowMinutes,
        })}
      />
      <Permission endpoint={notifyApi.notifyRateSave}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({ row: null })}
          data-testid="notify-rate-add"
        >
          {t('notify.rate.add')}
        </Button>
      </Permission>
      <Table<Row>
        rowKey="stationId"
        size="small"
        columns={columns}
        dataSource={config.rates}
        pagination={false}
        data-testid="notify-rates"
      />
      {editing && <RateForm config={config} row={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}

function RateForm({ config, row, onClose }: { config: NotifyConfig; row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotifyRateBody>();
  const save = useSaveRate();
  const required = [{ required: true, message: t('notify.chain.required') }];
  const initial: Partial<NotifyRateBody> = row ?? { ...config.defaultRate };
  return (
    <Modal
      open
      title={row ? t('notify.edit') : t('notify.rate.add')}
      okText={t('notify.save')}
      cancelText={t('notify.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<NotifyRateBody>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) =>
          save.mutateAsync(v).then(
            () => {
              notify.success(t('notify.saved'));
              onClose();
            },
            () => undefined,
          )
        }
      >
        <Form.Item name="stationId" label={t('notify.rate.station')} rules={required}>
          <Select
            showSearch
            disabled={row !== null}
            optionFilterProp="label"
            options={config.stations.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Space>
          <Form.Item name="maxPerWindow" label={t('notify.rate.max')} rules={required}>
            <InputNumber min={1} max={NOTIFY_LIMITS.maxPerWindowMax} precision={0} />
          </Form.Item>
          <Form.Item name="windowMinutes" label={t('notify.rate.window')} rules={required}>
            <InputNumber min={1} max={NOTIFY_LIMITS.windowMinutesMax} precision={0} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
