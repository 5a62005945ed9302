import {
  workorderMessages as M,
  type OrderPriority,
  type OrderSource,
  type OrderStatus,
  type OrderType,
  type TrackAction,
} from '@ess/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '@/lib/i18n/server-text';

/** Tag colours of the statuses (antd preset names, no colour values). */
export const STATUS_TAG: Record<OrderStatus, string> = {
  0: 'warning',
  1: 'processing',
  2: 'blue',
  3: 'success',
  4: 'default',
};
export const PRIORITY_TAG: Record<OrderPriority, string> = { 1: 'red', 2: 'orange', 3: 'default', 4: 'default' };

const STATUS = [M.workorderStatus0, M.workorderStatus1, M.workorderStatus2, M.workorderStatus3, M.workorderStatus4];
const TYPE = { 1: M.workorderType1, 2: M.workorderType2, 3: M.workorderType3 } as const;
/** Column names the Excel export also uses: the server's words, so the file and the page agree. */
const COLUMN = {
  number: M.workorderColNumber,
  title: M.workorderColTitle,
  type: M.workorderColType,
  status: M.workorderColStatus,
  station: M.workorderColStation,
  device: M.workorderColDevice,
  priority: M.workorderColPriority,
  initiator: M.workorderColInitiator,
  assignees: M.workorderColAssignees,
  createdAt: M.workorderColCreated,
} as const;

/** The names of an order's codes and fields in the interface language. */
export function useOrderWords() {
  const { t } = useTranslation();
  const server = useServerText();
  return useMemo(
    () => ({
      status: (s: OrderStatus) => server(STATUS[s] ?? M.workorderStatus0),
      type: (v: OrderType) => server(TYPE[v]),
      column: (c: keyof typeof COLUMN) => server(COLUMN[c]),
      priority: (p: OrderPriority) => t(`workOrders.priority.p${p}`),
      source: (s: OrderSource) => t(`workOrders.source.${s}`),
      action: (a: TrackAction | 'delete' | 'track') => t(`workOrders.action.${a}`),
    }),
    [t, server],
  );
}
