import { useState } from 'react';
import type { LogFilter } from '../components/log-filters';
import { LOG_PAGE_SIZE } from '../components/log-table';

/** A log tab's filter and page; a new filter starts again at page 1. */
export function useLogQuery<F extends LogFilter>() {
  const [filter, setFilter] = useState<F>({} as F);
  const [page, setPage] = useState(1);
  const apply = (f: F) => {
    setFilter(f);
    setPage(1);
  };
  return { filter, apply, page, setPage, query: { ...filter, pageNum: page, pageSize: LOG_PAGE_SIZE } };
}
