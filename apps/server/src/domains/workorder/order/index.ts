/**
 * The order module's public face: `OrderService.openOrder` for what opens orders by itself
 * (alarm rules, schedules), `activeOrderDevices` and, for a whole fleet, `overhaulDeviceCounts`
 * (the site overview's "overhaul"), `ordersOfAlarms` (the alarm lists' work order column).
 */
export { overhaulDeviceCounts } from './active-devices';
export { orderApi } from './order.module';
export { OrderService } from './order.service';
export type { OrderFiles } from './order-files';
export type { OpenedOrder, OpenOrderInput } from './order-open';
export { SlaTimerRunner } from './order-sla';
export { ordersOfAlarms } from './orders-of-alarms';
export { faultRepairSpans } from './repair-spans';
