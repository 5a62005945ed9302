import { ORDER_TYPE } from '@ess/contract';
import type { ApiModule } from '../../../kernel/api-module';
import { MessageService } from '../../alarms/message';
import { FileService } from '../../platform/files';
import { confirmAlarmOfOrder, ScheduleRunner, wireOrdersToAlarms } from '../automation';
import { RecordService } from '../records';
import { orderRoutes } from './order.routes';
import { OrderService } from './order.service';
import { orderFilesOf } from './order-files';
import { SlaTimerRunner } from './order-sla';

/**
 * The order module's calls, its SLA timer runner and the alarm wiring (raised alarms open orders,
 * finished orders confirm their alarms), from the platform's shared parts.
 */
export const orderApi: ApiModule = ({ db, env, bus }) => {
  const store = FileService.from({ env, db });
  const records = new RecordService(db, store);
  // Its event tells the bells of to-do and SLA messages at once.
  const messages = new MessageService(db, Date.now, (c) => bus.emit('messages', c));
  // A finished fault repair writes its repair record (one per order, so a retried step writes it once).
  const orders = new OrderService(
    db,
    orderFilesOf(store),
    Date.now,
    async (f) => {
      await confirmAlarmOfOrder(db, bus, { ...f, alarmEventId: f.order.alarmEventId });
      if (f.order.orderType !== ORDER_TYPE.faultRepair) return;
      await records.addRepairRecord({
        orderId: f.order.id,
        stationId: f.order.stationId,
        repairman: f.userName,
        location: f.place,
        content: f.opinion,
        repairTime: f.at,
        remark: `${f.order.number} ${f.order.title}`,
        pictureIds: [...f.attachmentIds, ...f.order.imageIds],
        userId: f.userId,
      });
    },
    messages,
  );
  return async (app) => {
    await app.register(orderRoutes(orders, new SlaTimerRunner(db, messages)));
    // Raised alarms open their orders by the stations' rules (issue 23 part 5).
    const off = wireOrdersToAlarms(db, bus, (input) => orders.openOrder(input), app.log);
    // Scheduled inspections and cleanings open theirs when their cron time comes.
    const schedules = new ScheduleRunner(db, (tx, input) => orders.openOrderIn(tx, input), Date.now, app.log);
    app.addHook('onReady', async () => schedules.start());
    app.addHook('onClose', async () => {
      off();
      await schedules.stop();
    });
  };
};
