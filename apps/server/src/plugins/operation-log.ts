import { type Endpoint, endpoints, inputPart } from '@ess/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { type LogEntry, logParams, writeLog } from '../domains/platform/logs';
import { loggableError } from '../lib/loggable-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The automatic operation log (its writer: flush, failure count). */
    operationLog: OperationLogWriter;
  }
}

/**
 * Entries that write their own, richer rows (sign-in outcomes, lock-outs, password change,
 * new device credentials): logged there, so the automatic log skips them (one row per call).
 */
export const SELF_LOGGED: ReadonlySet<string> = new Set([
  'login',
  'screenLogin',
  'loginToCloud',
  'logout',
  'changePassword',
  'deviceCredentials',
]);

/**
 * Which calls the operation log records, decided from the endpoint table alone:
 * - every entry with `access.mutates` (administration and configuration writes);
 * - every entry with `access.refuseDemo` (personal changes: theme, curve sets, dynamic pages);
 * - every PUT and DELETE, whatever its access says;
 * - not public entries (no caller to name; anyone could flood the log) and not SELF_LOGGED ones.
 * Reads (GET, list/page/export POSTs) are not recorded. A test lists the POSTs whose path looks
 * like a write but that this rule skips, each with its reason.
 */
export function isLoggedCall(name: string, e: Endpoint): boolean {
  const access = e.access;
  if (access.public || SELF_LOGGED.has(name)) return false;
  return Boolean(access.mutates || access.refuseDemo) || e.method === 'PUT' || e.method === 'DELETE';
}

/** Entry names by method and path (Fastify may copy a route's config, so not by identity). */
const NAMES = new Map(Object.entries(endpoints).map(([name, e]) => [`${e.method} ${e.path}`, name]));
const nameOf = (e: Endpoint): string | undefined => NAMES.get(`${e.method} ${e.path}`);

/** Rows waiting longer than this many are dropped (and counted) while the database fails. */
const MAX_PENDING = 10_000;
const NAME_MAX = 200;

/**
 * Collects rows after the answer is sent and writes them in batches, one INSERT per turn of
 * the event loop: a call never waits for its log row, and a failed write only counts.
 */
export class OperationLogWriter {
  private pending: LogEntry[] = [];
  private scheduled = false;
  private writing: Promise<void> = Promise.resolve();
  /** Rows that could not be written (database error or overflow). */
  failures = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(entry: LogEntry): void {
    if (this.pending.length >= MAX_PENDING) {
      this.failures++;
      return;
    }
    this.pending.push(entry);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Writes what is pending; resolves when every row recorded so far is written (or counted). */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await writeLog(this.db, batch);
      } catch (err) {
        this.failures += batch.length;
        this.log.warn({ err: loggableError(err), rows: batch.length }, 'operation log write failed');
      }
    });
    return this.writing;
  }

  /** The row of one finished call, or null when the call is not one the log records. */
  entryOf(req: FastifyRequest, reply: FastifyReply): LogEntry | null {
    const endpoint = req.routeOptions.config.endpoint;
    const name = endpoint ? nameOf(endpoint) : undefined;
    // Without a session there is no one to name (a 401): not recorded.
    if (!endpoint || !name || !req.user || !isLoggedCall(name, endpoint)) return null;
    const part = inputPart(endpoint)?.part;
    const input = part === 'params' ? req.params : part === 'query' ? req.query : part === 'body' ? req.body : null;
    return {
      name: endpoint.summary.slice(0, NAME_MAX),
      userId: req.user.userId,
      username: req.user.username,
      ip: req.ip,
      method: endpoint.method,
      methodName: name,
      params: logParams(input),
      durationMs: Math.round(reply.elapsedTime),
      success: reply.statusCode < 400,
      status: reply.statusCode,
    };
  }
}

/**
 * The operation log (issue 13 part 6): one hook on the API scope records every call
 * `isLoggedCall` selects — refused and failed ones too (success false, their status) — with
 * its caller, address (`req.ip`, which honours TRUST_PROXY), entry name, redacted input and
 * duration. Modules write nothing themselves. Returns the writer (also `app.operationLog`).
 */
export function createOperationLog(app: FastifyInstance, db: Db): { register: (api: FastifyInstance) => void } {
  const writer = new OperationLogWriter(db, app.log);
  app.decorate('operationLog', writer);
  app.addHook('onClose', () => writer.flush());
  return {
    register: (api) => {
      api.addHook('onResponse', (req, reply, done) => {
        try {
          const entry = writer.entryOf(req, reply);
          if (entry) writer.record(entry);
        } catch (err) {
          writer.failures++;
          app.log.warn({ err: loggableError(err) }, 'operation log entry failed');
        }
        done();
      });
    },
  };
}
