import {
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderRow,
  type OrderScope,
  workorderApi,
  workorderMessages,
} from '@ess/contract';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CrudPage } from '@/components/crud';
import { StationPicker } from '@/components/station-picker';
import { instantText } from '@/lib/format/platform-time';
import { useServerText } from '@/lib/i18n/server-text';
import { ORDER_WRITE_INVALIDATES } from '../api/orders';
import { OrderActionDialog, type OrderStep } from './action-dialog';
import { OrderActionsMenu } from './order-actions-menu';
import { PRIORITY_TAG, STATUS_TAG, useOrderWords } from './order-words';
import { useOrdersClock } from './use-orders-clock';

/**
 * One list of orders (`order/page` of a scope): filters station, status, type and text; each row
 * links to its detail (`detailPath?id=`), with Track and the Handle menu of what the caller may
 * do now. The all-orders list exports what its filters show.
 */
export function OrderList({
  scope,
  detailPath,
  title,
  testId,
  bare,
  exportable,
}: {
  scope: OrderScope;
  detailPath: string;
  title: string;
  testId: string;
  bare?: boolean;
  exportable?: boolean;
}) {
  const { t } = useTranslation();
  const words = useOrderWords();
  const server = useServerText();
  const clock = useOrdersClock();
  const navigate = useNavigate();
  const [step, setStep] = useState<OrderStep | null>(null);
  const detailOf = (o: OrderRow) => `${detailPath}?id=${o.id}`;

  return (
    <CrudPage
      title={title}
      testId={testId}
      bare={bare}
      list={workorderApi.workorderOrderPage}
      fixed={{ scope }}
      pageSize={20}
      rowTestKey={(o) => o.number}
      rowName={(o) => o.number}
      invalidate={ORDER_WRITE_INVALIDATES}
      filters={
        <>
          <Form.Item name="stationId">
            <StationPicker placeholder={t('workOrders.filter.station')} testId={`${testId}-filter-station`} />
          </Form.Item>
          <Form.Item name="status">
            <Select
              allowClear
              placeholder={t('workOrders.filter.status')}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: words.status(s) }))}
              style={{ width: 140 }}
              data-testid={`${testId}-filter-status`}
            />
          </Form.Item>
          <Form.Item name="orderType">
            <Select
              allowClear
              placeholder={t('workOrders.filter.type')}
              options={ORDER_TYPES.map((v) => ({ value: v, label: words.type(v) }))}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('workOrders.filter.keyword')} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      export={
        exportable
          ? {
              endpoint: workorderApi.workorderOrderExport,
              input: (f) => f,
              fileName: `${server(workorderMessages.workorderExportTitle)}.xlsx`,
            }
          : undefined
      }
      columns={[
        {
          key: 'number',
          title: words.column('number'),
          sorter: true,
          render: (_, o) => (
            <Link to={detailOf(o)} data-testid={`${testId}-number-${o.number}`}>
              {o.number}
            </Link>
          ),
        },
        {
          key: 'title',
          title: words.column('title'),
          render: (_, o) => (
            <Typography.Text ellipsis={{ tooltip: o.title }} style={{ maxWidth: 200 }}>
              {o.title}
            </Typography.Text>
          ),
        },
        { key: 'type', title: words.column('type'), render: (_, o) => words.type(o.orderType) },
        {
          key: 'status',
          title: words.column('status'),
          render: (_, o) => <Tag color={STATUS_TAG[o.status]}>{words.status(o.status)}</Tag>,
        },
        { key: 'station', title: words.column('station'), dataIndex: 'stationName' },
        { key: 'device', title: words.column('device'), render: (_, o) => o.deviceName ?? '-' },
        {
          key: 'priority',
          title: words.column('priority'),
          sorter: true,
          render: (_, o) => <Tag color={PRIORITY_TAG[o.priority]}>{words.priority(o.priority)}</Tag>,
        },
        {
          key: 'plannedTime',
          title: clock.withZone(t('workOrders.col.plannedTime')),
          sorter: true,
          render: (_, o) => instantText(clock, o.plannedTime),
        },
        {
          key: 'assignees',
          title: words.column('assignees'),
          render: (_, o) => (o.assignees.length ? o.assignees.map((a) => a.name).join(', ') : '-'),
        },
        {
          key: 'createdAt',
          title: clock.withZone(words.column('createdAt')),
          sorter: true,
          render: (_, o) => instantText(clock, o.createdAt),
        },
        {
          key: 'actions',
          title: t('crud.actions'),
          render: (_, o) => (
            <Space size={0} wrap={false}>
              <Button
                type="link"
                size="small"
                onClick={() => navigate(detailOf(o))}
                data-testid={`${testId}-track-${o.number}`}
              >
                {words.action('track')}
              </Button>
              <OrderActionsMenu orderId={o.id} testKey={o.number} onPick={setStep} />
            </Space>
          ),
        },
      ]}
      extras={step && <OrderActionDialog step={step} onClose={() => setStep(null)} onDone={() => undefined} />}
    />
  );
}
