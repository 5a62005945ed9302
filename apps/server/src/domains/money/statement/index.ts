/** The earnings statement module's public face: what other modules may use. */

export { statementApi } from './statement.module';
export { StatementService } from './statement.service';
export { statementFileName, statementPdf, statementSheets } from './statement-document';
