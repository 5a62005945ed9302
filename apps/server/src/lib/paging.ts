import type { SortOrder } from '@ess/contract';
import { asc, type Column, desc, type SQL } from 'drizzle-orm';

type PageInput<K extends string> = { pageNum: number; pageSize: number; orderBy?: K; order?: SortOrder };

/** LIMIT and OFFSET of one page of a `…/page` call. */
export const pageSlice = (q: { pageNum: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNum - 1) * q.pageSize,
});

/**
 * ORDER BY of a list: the requested sortable column (validated by the contract's `pageQuery`,
 * so only these keys arrive), then the defaults; the last default should be unique (an id) so
 * pages never repeat or skip a row between requests.
 */
export function pageOrder<K extends string>(q: PageInput<K>, columns: Record<K, Column | SQL>, defaults: SQL[]): SQL[] {
  if (!q.orderBy) return defaults;
  const column = columns[q.orderBy];
  return [q.order === 'desc' ? desc(column) : asc(column), ...defaults];
}
