import type { Endpoint } from '@ess/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudPageConfig, CrudRowsConfig } from './crud-config';
import { CrudView } from './crud-view';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';
import { textOf } from './list-export';
import { ListExportButton, ServerListExport } from './list-export-button';
import { type FiltersOf, type PageEndpoint, type RowOf, useServerTable } from './use-server-table';

/**
 * An administration list from its declaration (`CrudPageConfig`): filter bar, server-paged and
 * sorted table, export, add, edit, detail and delete, each behind its call's permissions.
 */
export function CrudPage<
  P extends PageEndpoint,
  V extends object,
  A extends Endpoint = never,
  U extends Endpoint = never,
  D extends Endpoint = never,
  X extends Endpoint = never,
  F extends object = FiltersOf<P>,
>(props: CrudPageConfig<P, V, A, U, D, X, F>) {
  const { list, filters, filterDefaults, toFilters, fixed, pageSize, export: exporting, ...config } = props;
  const [own, setOwn] = useState<FiltersOf<P>>(() => (toFilters ?? asFilters<P, F>)(filterDefaults ?? {}));
  const query = fixed === null ? null : ({ ...own, ...fixed } as FiltersOf<P>);
  const table = useServerTable(list, query, { pageSize });
  return (
    <CrudView<RowOf<P>, V, A, U, D>
      {...config}
      listEntries={[list]}
      tableProps={table.tableProps}
      failed={table.query.isError && !table.query.data}
      total={table.total}
      filterBar={
        filters && (
          <FilterBar<F>
            initialValues={filterDefaults}
            onSearch={(v) => setOwn((toFilters ?? asFilters<P, F>)(v))}
            testId={`${config.testId}-filters`}
          >
            {filters}
          </FilterBar>
        )
      }
      exportButton={
        query &&
        (exporting ? (
          <ExportButton
            endpoint={exporting.endpoint}
            input={() => exporting.input(query)}
            fileName={exporting.fileName}
            hint={exporting.hint}
            testId={`${config.testId}-export`}
          />
        ) : (
          <ServerListExport
            list={list}
            filters={query}
            table={table}
            columns={config.columns}
            fileName={textOf(config.title) || config.testId}
            testId={`${config.testId}-export`}
          />
        ))
      }
    />
  );
}

/** Filter values are the call's filters where the page declares no conversion. */
const asFilters = <P extends PageEndpoint, F extends object>(v: Partial<F>): FiltersOf<P> =>
  v as unknown as FiltersOf<P>;

/** A declared list over rows the page already holds (a tree, a configuration's rows): no paging. */
export function CrudRowsPage<
  Row extends object,
  V extends object,
  A extends Endpoint = never,
  U extends Endpoint = never,
  D extends Endpoint = never,
>(props: CrudRowsConfig<Row, V, A, U, D> & { listEntries?: readonly Endpoint[] }) {
  const { t } = useTranslation();
  const { rows, loading, failed, search, pageSize, listEntries, ...config } = props;
  const pagination = pageSize
    ? { pageSize, hideOnSinglePage: true, showTotal: (count: number) => t('crud.total', { count }) }
    : false;
  return (
    <CrudView<Row, V, A, U, D>
      {...config}
      listEntries={listEntries ?? []}
      tableProps={{ dataSource: rows as Row[] | undefined, loading: loading ?? false, pagination }}
      failed={failed ?? false}
      total={rows?.length ?? 0}
      filterBar={search}
      exportButton={
        <ListExportButton<Row>
          columns={config.columns}
          rows={async () => rows ?? []}
          fileName={textOf(config.title) || config.testId}
          testId={`${config.testId}-export`}
        />
      }
    />
  );
}
