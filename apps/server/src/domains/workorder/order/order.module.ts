import type { ApiModule } from '../../../kernel/api-module';
import { MessageService } from '../../alarms/message';
import { FileService } from '../../platform/files';
import { orderRoutes } from './order.routes';
import { OrderService } from './order.service';
import { orderFilesOf } from './order-files';
import { SlaSweeper } from './order-sla';

/** The order module's calls and its SLA sweeper, wired from the platform's shared parts. */
export const orderApi: ApiModule = ({ db, env, bus }) => {
  const orders = new OrderService(db, orderFilesOf(FileService.from({ env, db })));
  const messages = new MessageService(db, Date.now, (c) => bus.emit('messages', c));
  return orderRoutes(orders, new SlaSweeper(db, messages));
};
