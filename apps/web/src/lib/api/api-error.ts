/** A rejected call: the envelope's code and message, or a transport failure (code 0). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** Transport failures (timeout, network) carry no server answer. */
    readonly kind: 'business' | 'http' | 'timeout' | 'network' | 'invalid',
    /** The answer's Retry-After in seconds (a busy server says when to come back), else null. */
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
