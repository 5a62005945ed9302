type ShutdownLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type ShutdownOptions = {
  log: ShutdownLog;
  /** Readiness turns 503 here (at once, on the first signal). */
  begin: () => void;
  /** Stops what runs, in order; resolves once in-flight requests and ingest batches are done. */
  stop: () => Promise<void>;
  /** Readiness is 503 this long before `stop` starts (load balancers stop sending meanwhile). */
  delayMs: number;
  /** Past this (delay included) the process exits with code 1 without waiting further. */
  timeoutMs: number;
  exit?: (code: number) => void;
};

/**
 * SIGTERM and SIGINT: readiness fails at once, then after `delayMs` the server stops taking
 * connections, finishes its in-flight requests, commits the ingest's batches (their devices get
 * their PUBACKs), closes the database and exits 0. A second signal or the deadline exits 1.
 */
export function handleShutdownSignals(o: ShutdownOptions): void {
  const onSignal = shutdownOnSignal(o);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** The signal handler of `handleShutdownSignals` (tests call it without sending signals). */
export function shutdownOnSignal(o: ShutdownOptions): (signal: NodeJS.Signals) => void {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  let deadline: NodeJS.Timeout | undefined;
  let done = false;
  const finish = (code: number) => {
    if (done) return;
    done = true;
    clearTimeout(deadline);
    exit(code);
  };
  return (signal) => {
    if (stopping) {
      o.log.warn({ signal }, 'second signal: exiting without waiting for the shutdown');
      finish(1);
      return;
    }
    stopping = true;
    o.begin();
    o.log.info({ signal, delayMs: o.delayMs, timeoutMs: o.timeoutMs }, 'shutting down: readiness is 503');
    // Not unref'd: it must fire even if something left running keeps the process alive.
    deadline = setTimeout(() => {
      o.log.error({ timeoutMs: o.timeoutMs }, 'shutdown deadline passed: exiting');
      finish(1);
    }, o.timeoutMs);
    const stop = async () => {
      if (o.delayMs > 0) await new Promise((r) => setTimeout(r, o.delayMs));
      await o.stop();
    };
    stop().then(
      () => {
        o.log.info({}, 'shutdown complete');
        finish(0);
      },
      (err: unknown) => {
        o.log.error({ err }, 'shutdown failed');
        finish(1);
      },
    );
  };
}
