import type { ApiModule } from '../../../kernel/api-module';
import { emailFromEnv } from '../../alarms/notify';
import { EnergyService } from '../../monitoring/energy';
import { statementRoutes } from './statement.routes';
import { StatementService } from './statement.service';
import { subscriptionRoutes } from './subscription.routes';
import { SubscriptionService } from './subscription.service';

/** The earnings statement module's calls and its report subscriptions, wired from the platform's shared parts. */
export const statementApi: ApiModule = ({ db, env }) => {
  const statements = new StatementService(db, new EnergyService(db));
  const mailer = emailFromEnv(env);
  return async (app) => {
    await app.register(statementRoutes(statements));
    await app.register(subscriptionRoutes(new SubscriptionService(db, statements, mailer)));
    app.addHook('onClose', async () => mailer?.close());
  };
};
