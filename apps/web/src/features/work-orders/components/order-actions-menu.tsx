import { DownOutlined } from '@ant-design/icons';
import { type OrderDetail, workorderApi } from '@ess/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import type { OrderStep } from './action-dialog';
import { useOrderWords } from './order-words';

/** The steps the detail answer offers the caller now: its actions, then delete where allowed. */
export const stepsOf = (order: OrderDetail): OrderStep['action'][] => [
  ...order.actions,
  ...(order.canDelete ? (['delete'] as const) : []),
];

/**
 * A row's "Handle" menu: what the caller may do with the order is the server's answer (the
 * order's detail), read when the menu opens, so a list never offers an action the server refuses.
 */
export function OrderActionsMenu({
  orderId,
  testKey,
  onPick,
}: {
  orderId: number;
  testKey: string;
  onPick: (step: OrderStep) => void;
}) {
  const { t } = useTranslation();
  const words = useOrderWords();
  const [open, setOpen] = useState(false);
  const detail = useEndpoint(workorderApi.workorderOrderDetail, open ? { id: orderId } : null);
  const order = detail.data;
  const steps = order ? stepsOf(order) : [];
  const items: MenuProps['items'] = !order
    ? [{ key: 'loading', label: t('workOrders.loadingActions'), disabled: true }]
    : steps.length === 0
      ? [{ key: 'none', label: t('workOrders.noActions'), disabled: true }]
      : steps.map((a) => ({
          key: a,
          label: <span data-testid={`order-step-${a}`}>{words.action(a)}</span>,
          danger: a === 'void' || a === 'delete',
        }));
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        onClick: ({ key }) => {
          if (!order) return;
          setOpen(false);
          onPick({ action: key as OrderStep['action'], order });
        },
      }}
    >
      <Button type="link" size="small" data-testid={`order-handle-${testKey}`}>
        {t('workOrders.handle')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
