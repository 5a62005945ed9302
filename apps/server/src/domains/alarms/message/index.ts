/** The message module's public face: what other modules may use. */

export { messageApi } from './message.module';
export { messageRoutes } from './message.routes';
export { MessageService } from './message.service';
