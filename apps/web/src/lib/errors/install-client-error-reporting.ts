import type { ClientErrorKind } from '@ess/contract';

/**
 * Reports the window's uncaught errors and unhandled promise rejections to the client error log
 * (once per page). The reporter loads on the first error, so pages that never fail (and the
 * login page's first paint) do not carry it.
 */
export function installClientErrorReporting(): void {
  const report = (kind: ClientErrorKind, error: unknown) =>
    void import('./report-client-error').then((m) => m.reportClientError(kind, error)).catch(() => undefined);
  window.addEventListener('error', (e) => report('error', e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => report('unhandledRejection', e.reason));
}
