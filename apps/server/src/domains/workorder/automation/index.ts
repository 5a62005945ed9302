/**
 * The automation module's public face: alarm → order rules and inspection schedules
 * (configuration), the wiring that opens orders from raised alarms, the runner that opens the
 * schedules' orders on time, and the confirmation of an
 * alarm by its finished order.
 */
export { alarmsForOrders, orderOfAlarm, wireOrdersToAlarms } from './alarm-orders';
export { automationApi } from './automation.module';
export { confirmAlarmOfOrder } from './finished-alarm';
export { ScheduleRunner } from './schedule-runner';
