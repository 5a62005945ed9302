import {
  type ClientErrorPageBody,
  type ClientErrorReport,
  type Lang,
  localDateTime,
  OPERATION_LOG_EXPORT_MAX,
  type OperationLogExportBody,
  type OperationLogPageBody,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { businessWarning } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import { zonedHeader } from '../../../lib/export-file';
import type { SessionUser } from '../../../lib/types';
import { insertClientError, pageClientErrors } from './client-error.repository';
import { operationLogRows, pageOperationLog } from './operation-log.repository';

/** Client errors are kept this long (they are for finding faults, not for audit). */
export const CLIENT_ERROR_RETENTION_MS = 30 * 86_400_000;

export type Reporter = { user: SessionUser | null; ip: string | null; userAgent: string | null };

/** The operation log and the client error log (spec 8). */
export class LogsService {
  constructor(private readonly db: Db) {}

  async reportClientError(report: ClientErrorReport, by: Reporter): Promise<null> {
    await insertClientError(this.db, {
      kind: report.kind,
      message: report.message,
      stack: report.stack ?? null,
      url: report.url,
      release: report.release,
      userId: by.user?.userId ?? null,
      username: by.user?.username ?? null,
      ip: by.ip,
      userAgent: by.userAgent?.slice(0, 512) ?? null,
    });
    return null;
  }

  async clientErrors(q: ClientErrorPageBody) {
    return { pageNum: q.pageNum, pageSize: q.pageSize, ...(await pageClientErrors(this.db, q)) };
  }

  operationLog(q: OperationLogPageBody, lang: Lang) {
    return pageOperationLog(this.db, q, lang);
  }

  /**
   * The filtered operation log in the page's order, at most OPERATION_LOG_EXPORT_MAX rows,
   * times on the reader's clock (the zone named in the time column's header).
   */
  async exportOperationLog(b: OperationLogExportBody, lang: Lang): Promise<FileAnswer> {
    const { format, timeZone, ...filter } = b;
    const rows = await operationLogRows(this.db, filter, OPERATION_LOG_EXPORT_MAX, lang);
    if (rows.length === 0) throw businessWarning('exportNoData');
    const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
    const first = rows.reduce((m, r) => Math.min(m, r.createTime), Number.POSITIVE_INFINITY);
    const last = rows.reduce((m, r) => Math.max(m, r.createTime), 0);
    return {
      format,
      name: t('logExportName'),
      sheets: [
        {
          name: t('logExportName'),
          columns: [
            {
              key: 'time',
              header: zonedHeader(t('logExportTime'), timeZone, first, last),
              width: 34,
            },
            { key: 'name', header: t('logExportTitle'), width: 40 },
            { key: 'user', header: t('logExportUser'), width: 16 },
            { key: 'ip', header: t('logExportIp'), width: 16 },
            { key: 'method', header: t('logExportMethod') },
            { key: 'handler', header: t('logExportHandler'), width: 24 },
            { key: 'params', header: t('logExportParams'), width: 60 },
            { key: 'duration', header: t('logExportDuration') },
            { key: 'result', header: t('logExportResult') },
            { key: 'status', header: t('logExportStatus') },
          ],
          rows: rows.map((r) => ({
            time: localDateTime(r.createTime, timeZone),
            name: r.name,
            user: r.username,
            ip: r.ip,
            method: r.method,
            handler: r.methodName,
            params: r.params,
            duration: r.durationMs,
            result: r.success ? t('logExportSuccess') : t('logExportFailure'),
            status: r.status,
          })),
        },
      ],
    };
  }
}
