import type { Endpoint, EndpointData, EndpointInput, SortOrder } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';

type PageFields = 'pageNum' | 'pageSize' | 'orderBy' | 'order';

/**
 * A `…/page` call of the endpoint table: body from `pageQuery`, answer from `pageOf` (`rows`), or
 * an older call whose answer holds its page in `list` (messages, virtual devices, client errors).
 */
export type PageEndpoint = Endpoint & { readonly body: NonNullable<Endpoint['body']> };

/** One row of a page call's answer. */
export type RowOf<E extends Endpoint> =
  EndpointData<E> extends { rows: (infer R extends object)[] }
    ? R
    : EndpointData<E> extends { list: (infer R extends object)[] }
      ? R
      : never;

/** The list's own filters: the call's body without paging and sorting. */
export type FiltersOf<E extends Endpoint> = Omit<NonNullable<EndpointInput<E>>, PageFields>;

/** The columns the call may sort by (`pageQuery`'s `sortable`). */
export type SortKeyOf<E extends Endpoint> = NonNullable<EndpointInput<E>> extends { orderBy?: infer K } ? K : never;

type Sort<K> = { orderBy: K; order: SortOrder } | null;

export type ServerTable<E extends Endpoint> = {
  /** Spread onto antd's Table (set `rowKey` and `columns` yourself; a sortable column has `sorter: true` and `key` = its sort field). */
  tableProps: Pick<TableProps<RowOf<E>>, 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
  query: ReturnType<typeof useEndpoint<E>>;
  /** Rows of the page shown (empty while loading). */
  rows: RowOf<E>[];
  total: number;
  /** Back to page 1 (after an add, or when filters change outside this hook). */
  firstPage: () => void;
  /** The sort on screen, as the call takes it (an export keeps it). */
  sort: Sort<SortKeyOf<E>>;
};

const DEFAULT_SIZE = 10;
const SIZES = [10, 20, 50, 100];

/**
 * A server-paged, server-sorted list of a `…/page` call. `filters` null: not asked yet (e.g. no
 * station chosen). Changing the filters returns to page 1; the previous page stays on screen
 * while the next loads.
 */
export function useServerTable<E extends PageEndpoint>(
  endpoint: E,
  filters: FiltersOf<E> | null,
  opts: { pageSize?: number; enabled?: boolean } = {},
): ServerTable<E> {
  const { t } = useTranslation();
  const [page, setPage] = useState({ num: 1, size: opts.pageSize ?? DEFAULT_SIZE, filters: JSON.stringify(filters) });
  const [sort, setSort] = useState<Sort<SortKeyOf<E>>>(null);
  const filterKey = JSON.stringify(filters);
  // New filters: page 1, without an extra render pass through an effect.
  const num = page.filters === filterKey ? page.num : 1;
  if (page.filters !== filterKey) setPage({ ...page, num: 1, filters: filterKey });

  const input = useMemo(
    () =>
      filters === null
        ? null
        : ({ ...filters, pageNum: num, pageSize: page.size, ...(sort ?? {}) } as unknown as EndpointInput<E>),
    [filters, num, page.size, sort],
  );
  const query = useEndpoint(endpoint, input, { placeholderData: keepPreviousData, enabled: opts.enabled ?? true });
  const data = query.data as { rows?: RowOf<E>[]; list?: RowOf<E>[]; total: number } | undefined;
  const rows = data?.rows ?? data?.list ?? [];
  const total = data?.total ?? 0;

  const pagination: TablePaginationConfig = {
    current: num,
    pageSize: page.size,
    total,
    showSizeChanger: true,
    pageSizeOptions: SIZES,
    showTotal: (count) => t('crud.total', { count }),
  };
  const onChange: TableProps<RowOf<E>>['onChange'] = (p, _f, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<RowOf<E>> | undefined;
    const key = s?.columnKey ?? (typeof s?.field === 'string' ? s.field : undefined);
    const next: Sort<SortKeyOf<E>> =
      s?.order && key !== undefined
        ? { orderBy: key as SortKeyOf<E>, order: s.order === 'descend' ? 'desc' : 'asc' }
        : null;
    const sortChanged = JSON.stringify(next) !== JSON.stringify(sort);
    setSort(next);
    setPage({ num: sortChanged ? 1 : (p.current ?? 1), size: p.pageSize ?? page.size, filters: filterKey });
  };

  return {
    tableProps: { dataSource: rows, loading: query.isFetching && !query.isError, pagination, onChange },
    query,
    rows,
    total,
    firstPage: () => setPage({ ...page, num: 1 }),
    sort,
  };
}
