import type { Lang, StatementResult } from '@ess/contract';
import { exportBytes } from '../../../lib/export-file';
import { renderPdf } from '../../../lib/pdf';
import { statementFileName, statementPdf, statementSheets } from './statement-document';

/** A statement as the file a user downloads or a subscription mails: PDF, Excel or CSV. */
export async function statementFile(
  result: StatementResult,
  month: string,
  format: 'pdf' | 'xlsx' | 'csv',
  lang: Lang,
  now: number,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const name = statementFileName(month);
  if (format !== 'pdf') return exportBytes(format, name, statementSheets(result, month, lang));
  return {
    bytes: await renderPdf(statementPdf(result, month, lang, now)),
    contentType: 'application/pdf',
    fileName: `${name}.pdf`,
  };
}

/** No energy at all on any station: nothing to send (spec 8 "export with no data found"). */
export const statementEmpty = (result: StatementResult): boolean =>
  result.rows.every((r) => r.chargeKwh === 0 && r.dischargeKwh === 0);
