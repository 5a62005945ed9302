import { z } from 'zod';

/** Largest PostgreSQL `integer`: a bigger id must fail validation, not the database query. */
export const ID_MAX = 2_147_483_647;

/**
 * A row id: a positive int4, sent as a number or as a decimal string (the legacy client sends
 * both). Booleans, arrays and other things `z.coerce` would turn into numbers are refused.
 */
export const rowId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/)])
  .pipe(z.coerce.number<string | number>().int().positive().max(ID_MAX));

/** A page number or page size (1…max), as a number or a decimal string like the legacy client sends. */
export const pageNumber = (max: number) =>
  z.union([z.number(), z.string().regex(/^\d{1,6}$/)]).pipe(z.coerce.number<string | number>().int().min(1).max(max));
