/**
 * An error as the log may show it. Database errors carry the query's parameters (user input,
 * password hashes, tokens' hashes) in their message; the log keeps the query and the driver's
 * reason, never the values.
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const message = err.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  const cause =
    err.cause instanceof Error
      ? { name: err.cause.name, message: err.cause.message, code: (err.cause as { code?: unknown }).code }
      : undefined;
  return { type: err.name, message, stack: err.stack?.replace(err.message, message), cause };
}
