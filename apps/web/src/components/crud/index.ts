/**
 * The administration list kit (issue 13): every `/system` list is a `ListCard` with a
 * `FilterBar`, an antd `Table` fed by `useServerTable` (server paging and sorting of a
 * `…/page` call built with the contract's `pageQuery` / `pageOf`), `RowActions` behind
 * permissions, a `FormModal` for add / edit and a `DetailDrawer`. Writes go through
 * `useEndpointMutation(entry, { invalidate: [pageEntry] })`. Every table (this kit's and the
 * others) scrolls inside its card when wider than it, and a last column of row actions stays
 * fixed at its right edge: app.tsx and styles/global.css give that to all tables at once.
 *
 * ```tsx
 * const [filters, setFilters] = useState<FiltersOf<typeof postApi.postPage>>({});
 * const table = useServerTable(postApi.postPage, filters);
 * const remove = useEndpointMutation(postApi.postDelete, { invalidate: [postApi.postPage] });
 * <ListCard title={t('posts.title')} toolbar={<AddButton endpoint={postApi.postAdd} onClick={…} />}
 *   filters={<FilterBar onSearch={setFilters}><Form.Item name="name"><Input /></Form.Item></FilterBar>}>
 *   <Table rowKey="id" size="small" columns={columns} {...table.tableProps} />
 * </ListCard>
 * ```
 *
 * A page need not wire these itself: `<CrudPage …>` (or `defineCrud({…})` spread onto it) takes
 * one declaration — list call, columns, filter items, add / update / remove / export calls with
 * their inputs, form items or the page's own dialog, detail items, extra row links, toolbar
 * buttons and drawers as slots — and renders the whole list with the action column last.
 * `CrudRowsPage` does the same over rows the page already holds (a tree, a configuration).
 * Every declared list exports: through its own export call where it declares one (Excel made
 * by the server), else as CSV of the rows under its filters, as its columns show them
 * (`ListExportButton`, every page read through the list's own call).
 */
export {
  type CrudConfig,
  type CrudControls,
  type CrudForm,
  type CrudModalProps,
  type CrudPageConfig,
  type CrudRowsConfig,
  type CrudWrite,
  defineCrud,
} from './crud-config';
export { CrudPage, CrudRowsPage } from './crud-page';
export { DetailDrawer, type DetailItem } from './detail-drawer';
export { EnabledSwitch } from './enabled-switch';
export { ExportButton } from './export-button';
export { compactFilters, FilterBar } from './filter-bar';
export { FormModal } from './form-modal';
export { AddButton, ListCard } from './list-card';
export { ListExportButton, ServerListExport } from './list-export-button';
export { NARROW_ACTIONS, type RowAction, RowActions, useNarrowActions } from './row-actions';
export { deleteAction, EnabledFilter, editAction } from './standard-actions';
export { useEndpointMutation } from './use-endpoint-mutation';
export {
  type FiltersOf,
  type PageEndpoint,
  type RowOf,
  type ServerTable,
  type SortKeyOf,
  useServerTable,
} from './use-server-table';
