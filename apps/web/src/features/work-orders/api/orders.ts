import { alarmApi, workorderApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/**
 * Every answer an order's creation, action or deletion changes: the lists, the detail, its track
 * and diagram, and the alarm lists, whose rows show their order.
 */
export const ORDER_WRITE_INVALIDATES = [
  alarmApi.alarmRealtimePage,
  alarmApi.alarmHistoryPage,
  workorderApi.workorderOrderPage,
  workorderApi.workorderOrderDetail,
  workorderApi.workorderOrderTrack,
  workorderApi.workorderOrderDiagram,
] as const;

/** One order with what the caller may do now; null id: not asked yet. */
export const useOrderDetail = (id: number | null) =>
  useEndpoint(workorderApi.workorderOrderDetail, id === null ? null : { id });

export const useOrderTrack = (id: number | null) =>
  useEndpoint(workorderApi.workorderOrderTrack, id === null ? null : { id });

export const useOrderDiagram = (id: number | null) =>
  useEndpoint(workorderApi.workorderOrderDiagram, id === null ? null : { id });
