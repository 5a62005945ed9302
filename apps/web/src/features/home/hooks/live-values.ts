import type { LiveValues } from '@ess/contract';

/**
 * A value from the socket when it is newer than the API's reading, else the API's. `apiTs` is
 * when the API's values were sampled (null: unknown, the socket wins when it has the value).
 */
export function liveOr(
  live: LiveValues | undefined,
  code: string,
  apiValue: number | null,
  apiTs: number | null,
): number | null {
  const v = live?.[code];
  if (!v) return apiValue;
  if (apiTs !== null && v.ts < apiTs && apiValue !== null) return apiValue;
  return v.value;
}
