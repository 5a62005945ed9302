import { EPOCH_MS_MAX, EPOCH_MS_MIN, EPOCH_MS_TEXT } from '@ess/contract';
import { badRequest } from './app-error';

/**
 * The Date of an epoch-ms time a query filters on, refused with a 400 naming `field` outside
 * the platform's range (contract time-schema.ts). Past it a Date is invalid (its ISO text
 * throws) or names a year PostgreSQL cannot read: either was a 500. The contract's schemas
 * refuse such times before a handler runs; this keeps every query safe from any other path.
 */
export function instant(ms: number, field: string): Date {
  if (!Number.isFinite(ms) || ms < EPOCH_MS_MIN || ms > EPOCH_MS_MAX) throw badRequest(`${field}: ${EPOCH_MS_TEXT}`);
  return new Date(ms);
}
