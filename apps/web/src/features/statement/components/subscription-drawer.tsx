import {
  REPORT_FREQUENCIES,
  SUBSCRIBED_FORMATS,
  SUBSCRIBED_REPORTS,
  SUBSCRIPTION_LIMITS,
  type SubscriptionBody,
  type SubscriptionRow,
  subscriptionApi,
} from '@ess/contract';
import {
  Button,
  Drawer,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useFormat } from '@/lib/format/use-format';

type Station = { id: number; name: string };
const DEFAULTS: SubscriptionBody = {
  report: 'statement',
  frequency: 'monthly',
  stationIds: [],
  format: 'pdf',
  hour: 7,
  enabled: true,
};

/**
 * The caller's report subscriptions: the earnings statement or the carbon report of chosen
 * stations by e-mail, daily, weekly or monthly, at a local hour; each with its last delivery,
 * sent now on demand.
 */
export function SubscriptionDrawer({
  open,
  onClose,
  stations,
}: {
  open: boolean;
  onClose: () => void;
  stations: Station[];
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [form] = Form.useForm<SubscriptionBody>();
  const [editing, setEditing] = useState<SubscriptionRow | 'new' | null>(null);
  const report = Form.useWatch('report', form) ?? 'statement';
  const list = useEndpoint(subscriptionApi.subscriptionList, open ? undefined : null);
  const invalidate = { invalidate: [subscriptionApi.subscriptionList] };
  const add = useEndpointMutation(subscriptionApi.subscriptionAdd, invalidate);
  const update = useEndpointMutation(subscriptionApi.subscriptionUpdate, invalidate);
  const remove = useEndpointMutation(subscriptionApi.subscriptionDelete, invalidate);
  const send = useEndpointMutation(subscriptionApi.subscriptionSend, invalidate);
  const rows = list.data ?? [];
  const save = async () => {
    const v = await form.validateFields();
    const done = editing === 'new' ? add.mutateAsync(v) : editing ? update.mutateAsync({ ...v, id: editing.id }) : null;
    if (!done) return;
    await done
      .then(() => {
        notify.success(t('messages.operationSucceeded'));
        setEditing(null);
      })
      .catch(() => undefined);
  };
  const sendNow = (r: SubscriptionRow) =>
    send
      .mutateAsync({ id: r.id })
      .then((res) =>
        res.status === 'sent'
          ? notify.success(t('statement.subscription.sent', { period: res.period }))
          : notify.error(res.detail ?? t('statement.subscription.failed')),
      )
      .catch(() => undefined);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={900}
      title={t('statement.subscription.title')}
      data-testid="subscription-drawer"
    >
      <Typography.Paragraph type="secondary">{t('statement.subscription.hint')}</Typography.Paragraph>
      {rows[0] && rows[0].email === null && (
        <Typography.Paragraph type="warning">{t('statement.subscription.noEmail')}</Typography.Paragraph>
      )}
      <Permission endpoint={subscriptionApi.subscriptionAdd}>
        <Button
          type="primary"
          style={{ marginBottom: 12 }}
          disabled={rows.length >= SUBSCRIPTION_LIMITS.perUser}
          onClick={() => {
            form.setFieldsValue({ ...DEFAULTS, stationIds: stations.slice(0, 1).map((s) => s.id) });
            setEditing('new');
          }}
          data-testid="subscription-add"
        >
          {t('statement.subscription.add')}
        </Button>
      </Permission>
      <Table<SubscriptionRow>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 950 }}
        data-testid="subscription-table"
        columns={[
          {
            key: 'report',
            title: t('statement.subscription.report'),
            width: 130,
            render: (_, r) => t(`statement.subscription.reports.${r.report}`),
          },
          {
            key: 'frequency',
            title: t('statement.subscription.frequency'),
            width: 90,
            render: (_, r) => t(`statement.subscription.freq.${r.frequency}`),
          },
          {
            key: 'stations',
            title: t('statement.subscription.stations'),
            ellipsis: true,
            render: (_, r) => r.stationNames.join(', '),
          },
          {
            key: 'format',
            title: t('statement.subscription.format'),
            width: 70,
            render: (_, r) => r.format.toUpperCase(),
          },
          {
            key: 'hour',
            title: t('statement.subscription.hour'),
            width: 110,
            render: (_, r) => `${String(r.hour).padStart(2, '0')}:00 (${r.timezone})`,
          },
          {
            key: 'last',
            title: t('statement.subscription.last'),
            width: 190,
            render: (_, r) =>
              r.lastStatus === null ? (
                '-'
              ) : (
                <Space size={4} wrap>
                  <Tag color={r.lastStatus === 'sent' ? 'success' : 'error'} title={r.lastDetail ?? undefined}>
                    {t(`statement.subscription.status.${r.lastStatus}`)}
                  </Tag>
                  {r.lastPeriod} {r.lastSentAt ? f.ago(r.lastSentAt) : ''}
                </Space>
              ),
          },
          {
            key: 'enabled',
            title: t('statement.subscription.enabled'),
            width: 70,
            render: (_, r) => (r.enabled ? '✓' : '-'),
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            width: 190,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  loading={send.isPending}
                  onClick={() => void sendNow(r)}
                  data-testid={`subscription-send-${r.id}`}
                >
                  {t('statement.subscription.sendNow')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue(r);
                    setEditing(r);
                  }}
                >
                  {t('crud.edit')}
                </Button>
                <Popconfirm
                  title={t('statement.subscription.deleteConfirm')}
                  onConfirm={() => remove.mutateAsync({ id: r.id }).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    {t('crud.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('statement.subscription.add') : t('statement.subscription.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okButtonProps={{ loading: add.isPending || update.isPending }}
        destroyOnHidden
        forceRender
        data-testid="subscription-form"
      >
        <Form<SubscriptionBody> form={form} layout="vertical" initialValues={DEFAULTS}>
          <Form.Item name="report" label={t('statement.subscription.report')}>
            <Select
              options={SUBSCRIBED_REPORTS.map((r) => ({ value: r, label: t(`statement.subscription.reports.${r}`) }))}
              onChange={(next: SubscriptionBody['report']) => {
                // The carbon report is a table: no PDF of it.
                if (!SUBSCRIBED_FORMATS[next].includes(form.getFieldValue('format')))
                  form.setFieldValue('format', 'xlsx');
              }}
              data-testid="subscription-report"
            />
          </Form.Item>
          <Form.Item
            name="frequency"
            label={t('statement.subscription.frequency')}
            extra={t('statement.subscription.frequencyHint')}
          >
            <Select
              options={REPORT_FREQUENCIES.map((q) => ({ value: q, label: t(`statement.subscription.freq.${q}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="stationIds"
            label={t('statement.subscription.stations')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              maxCount={SUBSCRIPTION_LIMITS.stations}
              options={stations.map((s) => ({ value: s.id, label: s.name }))}
              data-testid="subscription-stations"
            />
          </Form.Item>
          <Space size={16} wrap>
            <Form.Item name="format" label={t('statement.subscription.format')}>
              <Select
                style={{ width: 100 }}
                options={SUBSCRIBED_FORMATS[report].map((x) => ({ value: x, label: x.toUpperCase() }))}
              />
            </Form.Item>
            <Form.Item
              name="hour"
              label={t('statement.subscription.hour')}
              tooltip={t('statement.subscription.hourHint')}
            >
              <InputNumber min={0} max={23} precision={0} style={{ width: 90 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('statement.subscription.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Drawer>
  );
}
