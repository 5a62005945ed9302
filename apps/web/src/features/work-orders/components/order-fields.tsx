import type { OrderDetail } from '@ess/contract';
import { Descriptions, type DescriptionsProps, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { instantText } from '@/lib/format/platform-time';
import { alarmLink } from '@/lib/menu/cross-links';
import type { StationTime } from '@/lib/station/station-time';
import { formValueText } from './form-field-inputs';
import { OrderFileList } from './order-file-list';
import { PRIORITY_TAG, STATUS_TAG, useOrderWords } from './order-words';

/** Every spec 3 field of an order, its times on `clock` (the order's station's); its alarm opens the alarm's detail. */
export function OrderFields({ order, clock }: { order: OrderDetail; clock: StationTime }) {
  const { t } = useTranslation();
  const words = useOrderWords();
  const time = (label: string, ms: number | null) => ({
    label: clock.withZone(label),
    children: instantText(clock, ms),
  });
  const people = (list: OrderDetail['executors']) =>
    list.length === 0 ? (
      '-'
    ) : (
      <Space size={[4, 4]} wrap>
        {list.map((a) => (
          <Tag key={`${a.kind}-${a.id}`}>
            {`${a.kind === 'post' ? t('workOrders.detail.kindPost') : t('workOrders.detail.kindUser')}: ${a.name}`}
          </Tag>
        ))}
      </Space>
    );
  const items: DescriptionsProps['items'] = [
    { label: words.column('number'), children: order.number },
    { label: words.column('title'), children: order.title },
    { label: words.column('type'), children: words.type(order.orderType) },
    {
      label: words.column('status'),
      children: <Tag color={STATUS_TAG[order.status]}>{words.status(order.status)}</Tag>,
    },
    { label: t('workOrders.col.source'), children: words.source(order.source) },
    {
      label: words.column('priority'),
      children: <Tag color={PRIORITY_TAG[order.priority]}>{words.priority(order.priority)}</Tag>,
    },
    { label: words.column('station'), children: order.stationName },
    { label: words.column('device'), children: order.deviceName ?? '-' },
    {
      label: t('workOrders.detail.alarmEvent'),
      children:
        order.alarmEventId === null ? (
          '-'
        ) : (
          <Link to={alarmLink(order.alarmEventId)} data-testid="order-alarm-link">
            {t('workOrders.detail.alarmLink', { id: order.alarmEventId })}
          </Link>
        ),
    },
    time(t('workOrders.col.plannedTime'), order.plannedTime),
    { label: words.column('initiator'), children: order.initiatorName ?? '-' },
    time(words.column('createdAt'), order.createdAt),
    { label: t('workOrders.detail.executors'), children: people(order.executors), span: 'filled' },
    { label: words.column('assignees'), children: people(order.assignees) },
    { label: t('workOrders.detail.executor'), children: order.executorName ?? '-' },
    { label: t('workOrders.detail.phone'), children: order.executorPhone ?? '-' },
    time(t('workOrders.detail.slaDueAt'), order.slaDueAt),
    time(t('workOrders.detail.repairTime'), order.repairTime),
    time(t('workOrders.detail.acceptTime'), order.acceptTime),
    time(t('workOrders.detail.finishTime'), order.finishTime),
    { label: t('workOrders.detail.process'), children: order.definitionKey },
    { label: t('workOrders.detail.description'), children: order.description ?? '-', span: 'filled' },
    { label: t('workOrders.detail.remark'), children: order.remark ?? '-', span: 'filled' },
    { label: t('workOrders.detail.images'), children: <OrderFileList files={order.images} />, span: 'filled' },
    {
      label: t('workOrders.detail.attachments'),
      children: <OrderFileList files={order.attachments} />,
      span: 'filled',
    },
    // The template's extra fields the order took at opening, label → value.
    ...order.formFields.map((f) => ({
      key: `form-${f.key}`,
      label: f.label,
      children: <span data-testid={`order-form-value-${f.key}`}>{formValueText(f, order.formValues[f.key])}</span>,
    })),
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={items}
      data-testid="order-fields"
    />
  );
}
