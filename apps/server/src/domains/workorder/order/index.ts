/**
 * The order module's public face: `OrderService.openOrder` for what opens orders by itself
 * (alarm rules, schedules) and `activeOrderDevices` for the site overview's "overhaul".
 */
export { orderApi } from './order.module';
export { OrderService } from './order.service';
export type { OrderFiles } from './order-files';
export type { OpenedOrder, OpenOrderInput } from './order-open';
export { SlaSweeper } from './order-sla';
