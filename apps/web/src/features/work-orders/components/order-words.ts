import type { OrderPriority, OrderSource, OrderStatus, OrderType, TrackAction } from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Tag colours of the statuses (antd preset names, no colour values). */
export const STATUS_TAG: Record<OrderStatus, string> = {
  0: 'warning',
  1: 'processing',
  2: 'blue',
  3: 'success',
  4: 'default',
};
export const PRIORITY_TAG: Record<OrderPriority, string> = { 1: 'red', 2: 'orange', 3: 'default', 4: 'default' };

/** The names of an order's codes in the interface language. */
export function useOrderWords() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      status: (s: OrderStatus) => t(`workOrders.status.s${s}`),
      type: (v: OrderType) => t(`workOrders.type.t${v}`),
      priority: (p: OrderPriority) => t(`workOrders.priority.p${p}`),
      source: (s: OrderSource) => t(`workOrders.source.${s}`),
      action: (a: TrackAction | 'delete' | 'track') => t(`workOrders.action.${a}`),
    }),
    [t],
  );
}
