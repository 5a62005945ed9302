/** A rejected call: the envelope's code and message, or a transport failure (code 0). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** Transport failures (timeout, network) carry no server answer. */
    readonly kind: 'business' | 'http' | 'timeout' | 'network' | 'invalid',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
