import type { ApiModule } from '../../../kernel/api-module';
import { EnergyService } from '../../monitoring/energy';
import { statementRoutes } from './statement.routes';
import { StatementService } from './statement.service';

/** The earnings statement module's calls, wired from the platform's shared parts. */
export const statementApi: ApiModule = ({ db }) => statementRoutes(new StatementService(db, new EnergyService(db)));
