import type { ApiModule } from '../../../kernel/api-module';
import { everyPeriod, type PeriodicJob } from '../../../kernel/periodic-job';
import { loggableError } from '../../../lib/loggable-error';
import { emailFromEnv } from '../../alarms/notify';
import { EnergyService } from '../../monitoring/energy';
import { CarbonService } from '../carbon';
import { statementRoutes } from './statement.routes';
import { StatementService } from './statement.service';
import { subscriptionRoutes } from './subscription.routes';
import { SubscriptionService } from './subscription.service';

/** A quarter of an hour: a day is stored within minutes of its end in every time zone. */
const STORE_DAYS_EVERY_MS = 15 * 60_000;

/** The earnings statement module's calls and its report subscriptions, wired from the platform's shared parts. */
export const statementApi: ApiModule = ({ db, env }) => {
  const energy = new EnergyService(db);
  const statements = new StatementService(db, energy);
  const mailer = emailFromEnv(env);
  return async (app) => {
    await app.register(statementRoutes(statements));
    // Ended days stored per period as they end, so statements of the past read no quarter-hours.
    let storing: PeriodicJob | null = null;
    app.addHook('onReady', async () => {
      storing = everyPeriod(
        db,
        'energy-period-days',
        STORE_DAYS_EVERY_MS,
        () => energy.storeEndedDays(),
        (err) => app.log.warn({ err: loggableError(err) }, 'storing ended energy days failed'),
      );
    });
    app.addHook('onClose', async () => storing?.stop());
    await app.register(
      subscriptionRoutes(new SubscriptionService(db, statements, new CarbonService(db, energy), mailer)),
    );
    app.addHook('onClose', async () => mailer?.close());
  };
};
