import type { ClientErrorPageBody, ClientErrorReport, OperationLogPageBody } from '@ess/contract';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/types';
import { deleteClientErrorsBefore, insertClientError, pageClientErrors } from './client-error.repository';
import { pageOperationLog } from './operation-log.repository';

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

  async operationLog(q: OperationLogPageBody) {
    return { pageNum: q.pageNum, pageSize: q.pageSize, ...(await pageOperationLog(this.db, q)) };
  }

  /** Deletes client errors past their retention. */
  purge(now = Date.now()): Promise<void> {
    return deleteClientErrorsBefore(this.db, new Date(now - CLIENT_ERROR_RETENTION_MS));
  }
}
