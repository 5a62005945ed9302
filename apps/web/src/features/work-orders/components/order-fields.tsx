import type { OrderDetail } from '@ess/contract';
import { Descriptions, type DescriptionsProps, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { instantText } from '@/lib/format/platform-time';
import type { StationTime } from '@/lib/station/station-time';
import { OrderFileList } from './order-file-list';
import { PRIORITY_TAG, STATUS_TAG, useOrderWords } from './order-words';

/** Every spec 3 field of an order, its times on `clock` (the order's station's). */
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
    { label: t('workOrders.col.number'), children: order.number },
    { label: t('workOrders.col.title'), children: order.title },
    { label: t('workOrders.col.type'), children: words.type(order.orderType) },
    {
      label: t('workOrders.col.status'),
      children: <Tag color={STATUS_TAG[order.status]}>{words.status(order.status)}</Tag>,
    },
    { label: t('workOrders.col.source'), children: words.source(order.source) },
    {
      label: t('workOrders.col.priority'),
      children: <Tag color={PRIORITY_TAG[order.priority]}>{words.priority(order.priority)}</Tag>,
    },
    { label: t('workOrders.col.station'), children: order.stationName },
    { label: t('workOrders.col.device'), children: order.deviceName ?? '-' },
    { label: t('workOrders.detail.alarmEvent'), children: order.alarmEventId ?? '-' },
    time(t('workOrders.col.plannedTime'), order.plannedTime),
    { label: t('workOrders.col.initiator'), children: order.initiatorName ?? '-' },
    time(t('workOrders.col.createdAt'), order.createdAt),
    { label: t('workOrders.detail.executors'), children: people(order.executors), span: 2 },
    { label: t('workOrders.col.assignees'), children: people(order.assignees) },
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
