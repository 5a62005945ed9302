import { z } from 'zod';
import { pageNumber } from './ids';

/** Largest page an administration list serves (a table page, not an export). */
export const MAX_PAGE_SIZE = 200;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The body of a `…/page` list call (issue 13 "Fixed calls"): `pageNum`, `pageSize`, an optional
 * sort by one of the list's `sortable` columns, and the list's own filters. Unknown sort
 * columns are refused by the schema, so no caller text ever reaches an ORDER BY.
 */
export const pageQuery = <const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: S,
  filters: F,
) =>
  z.object({
    pageNum: pageNumber(100_000).default(1),
    pageSize: pageNumber(MAX_PAGE_SIZE).default(10),
    orderBy: z.enum(sortable).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    ...filters,
  });

/** The answer of a `…/page` call: one page of rows and the total that match. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });
export type PageOf<T> = { rows: T[]; total: number };

/** An optional search text of a list filter: trimmed, empty means "no filter". */
export const searchText = (max = 64) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .optional();
