import {
  alarmApi,
  DEFAULT_TIMEZONE,
  WORKORDER_LIMITS as L,
  MAX_PAGE_SIZE,
  ORDER_PRIORITIES,
  ORDER_TYPES,
  type OrderAddBody,
  type OrderPriority,
  type OrderType,
  type StoredFile,
  workorderApi,
} from '@ess/contract';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointMutation } from '@/components/crud';
import { FileUpload } from '@/components/file-upload';
import { StationPicker } from '@/components/station-picker';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { readNewOrderPrefill } from '@/lib/menu/cross-links';
import { usePageTitle } from '@/lib/menu/page-title';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { clockOf } from '@/lib/station/station-time';
import { useExecutorOptions } from '../api/executor-options';
import { ORDER_WRITE_INVALIDATES } from '../api/orders';
import { ExecutorFields } from '../components/executor-fields';
import { type FieldInputs, FORM_VALUES, FormFieldInputs, toFormValues } from '../components/form-field-inputs';
import { useOrderWords } from '../components/order-words';

const PATH = '/operational-inspection/add-task';
const DETAIL_PATH = '/operational-inspection/all-task-detail';

type Values = {
  title: string;
  orderType: OrderType;
  stationId: number;
  deviceId?: number;
  alarmEventId?: number;
  priority: OrderPriority;
  plannedTime?: Dayjs;
  description?: string;
  remark?: string;
  postIds?: number[];
  userIds?: number[];
  images?: StoredFile[];
  attachments?: StoredFile[];
  [FORM_VALUES]?: FieldInputs;
};

/**
 * A new work order (/operational-inspection/add-task): title, type, station (the current one
 * first), a device and an active alarm of that station, priority, planned handling time on the
 * station's clock, description, remark and executors; once opened, its detail. Opened from an
 * alarm row (转工单), the query fills station, device, alarm, title and type.
 */
export function AddOrderPage() {
  const { t } = useTranslation();
  const title = usePageTitle(PATH);
  const words = useOrderWords();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { stationId: current } = useCurrentStation();
  const [params] = useSearchParams();
  // Read once: the form's initial values, like the current station.
  const [prefill] = useState(() => readNewOrderPrefill(params));
  const stations = stationsOf(useStations(useLang()).data);
  const picked = Form.useWatch('stationId', form) ?? null;
  const stationId = picked ?? null;
  const clock = clockOf(stations.find((s) => s.id === stationId)?.timezone ?? DEFAULT_TIMEZONE);
  const devices = flattenDevices(useDeviceTree(stationId).data);
  const alarms = useEndpoint(
    alarmApi.alarmRealtimePage,
    stationId === null ? null : { stationId, pageNum: 1, pageSize: 50 },
  );
  const executors = useExecutorOptions(stationId);
  const template = useTypeTemplate(Form.useWatch('orderType', form) ?? null);
  const alarmOptions = (alarms.data?.rows ?? []).map((a) => ({
    value: a.id,
    label: `${clock.dateMinute(a.raisedAt)} ${a.deviceName ?? ''} ${a.content}`,
  }));
  // The alarm a row sent may be past the real-time list (recovered and confirmed): its text names it.
  const sent = prefill.alarmEventId;
  if (sent !== undefined && stationId === prefill.stationId && !alarmOptions.some((o) => o.value === sent)) {
    alarmOptions.unshift({ value: sent, label: prefill.title ?? String(sent) });
  }
  const add = useEndpointMutation(workorderApi.workorderOrderAdd, { invalidate: ORDER_WRITE_INVALIDATES });
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    const body: OrderAddBody = {
      title: v.title.trim(),
      orderType: v.orderType,
      stationId: v.stationId,
      deviceId: v.deviceId,
      alarmEventId: v.alarmEventId,
      description: v.description?.trim() || undefined,
      remark: v.remark?.trim() || undefined,
      priority: v.priority,
      plannedTime: v.plannedTime ? clock.fromPicker(v.plannedTime) : undefined,
      imageIds: v.images?.length ? v.images.map((f) => f.id) : undefined,
      attachmentIds: v.attachments?.length ? v.attachments.map((f) => f.id) : undefined,
      executors: [
        ...(v.postIds ?? []).map((postId) => ({ postId })),
        ...(v.userIds ?? []).map((userId) => ({ userId })),
      ],
      // The template whose fields the form showed runs the order, so the values fit its fields.
      ...(template?.formFields.length
        ? { templateId: template.id, formValues: toFormValues(template.formFields, v[FORM_VALUES]) }
        : {}),
    };
    setSaving(true);
    try {
      const created = await add.mutateAsync(body);
      notify.success(t('workOrders.add.created', { number: created.number }));
      navigate(`${DETAIL_PATH}?id=${created.id}`);
    } catch {
      // The client has shown the server's message; the form keeps what was typed.
      setSaving(false);
    }
  };

  return (
    <Card title={title} data-testid="order-add-page">
      <Form<Values>
        form={form}
        name="order-add"
        layout="vertical"
        style={{ maxWidth: 960 }}
        initialValues={{ priority: 3, ...(current === null ? {} : { stationId: current }), ...prefill }}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<Values>) => {
          // Device, alarm and files belong to the station: a new station clears them.
          if ('stationId' in changed)
            form.setFieldsValue({ deviceId: undefined, alarmEventId: undefined, images: [], attachments: [] });
          // Another type asks other fields.
          if ('orderType' in changed) form.setFieldValue(FORM_VALUES, {});
        }}
      >
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="title"
              label={words.column('title')}
              rules={[{ required: true, whitespace: true, message: t('workOrders.add.titleRequired') }]}
            >
              <Input maxLength={L.title} showCount data-testid="order-add-title" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="orderType"
              label={words.column('type')}
              rules={[{ required: true, message: t('workOrders.add.typeRequired') }]}
            >
              <Select
                options={ORDER_TYPES.map((v) => ({ value: v, label: words.type(v) }))}
                data-testid="order-add-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="priority" label={words.column('priority')}>
              <Select options={ORDER_PRIORITIES.map((p) => ({ value: p, label: words.priority(p) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="stationId"
              label={words.column('station')}
              rules={[{ required: true, message: t('workOrders.add.stationRequired') }]}
            >
              <StationPicker allowClear={false} testId="order-add-station" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="deviceId" label={words.column('device')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.typeName})` }))}
                data-testid="order-add-device"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="alarmEventId"
              label={t('workOrders.add.alarmEvent')}
              tooltip={t('workOrders.add.alarmHint')}
            >
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={alarmOptions}
                data-testid="order-add-alarm"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="plannedTime" label={clock.withZone(t('workOrders.col.plannedTime'))}>
              <DatePicker showTime style={{ width: '100%' }} data-testid="order-add-planned" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('workOrders.add.description')}>
              <Input.TextArea rows={3} maxLength={L.description} showCount />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('workOrders.add.remark')}>
              <Input.TextArea rows={2} maxLength={L.remark} showCount />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item name="images" label={t('workOrders.detail.images')}>
              <FileUpload purpose="picture" stationId={stationId} testId="order-add-images" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="attachments" label={t('workOrders.detail.attachments')}>
              <FileUpload purpose="attachment" stationId={stationId} testId="order-add-attachments" />
            </Form.Item>
          </Col>
        </Row>
        {template?.formFields.length ? (
          <Card
            type="inner"
            size="small"
            title={t('workOrders.formFields.heading')}
            style={{ marginBottom: 16 }}
            data-testid="order-add-form-fields"
          >
            <Row gutter={16}>
              <FormFieldInputs
                fields={template.formFields}
                requireAll={false}
                wrap={(node) => (
                  <Col xs={24} sm={12} lg={6}>
                    {node}
                  </Col>
                )}
              />
            </Row>
          </Card>
        ) : null}
        <Card type="inner" size="small" title={t('workOrders.add.executors')} style={{ marginBottom: 16 }}>
          <ExecutorFields posts={executors.posts} users={executors.users} />
        </Card>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="order-add-submit">
          {t('workOrders.add.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * The template an order of the type runs when the form names none: the enabled one with the
 * lowest id, as the server picks it. Null until a type is picked.
 */
function useTypeTemplate(orderType: OrderType | null) {
  const page = useEndpoint(
    workorderApi.workorderTemplatePage,
    orderType === null ? null : { orderType, pageNum: 1, pageSize: MAX_PAGE_SIZE },
  );
  const enabled = (page.data?.rows ?? []).filter((r) => r.enabled);
  return enabled.reduce<(typeof enabled)[number] | null>((low, r) => (low === null || r.id < low.id ? r : low), null);
}
