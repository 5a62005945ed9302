import type { Endpoint, EndpointInput } from '@ess/contract';
import type { FormInstance, TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { DetailItem } from './detail-drawer';
import type { RowAction } from './row-actions';
import type { FiltersOf, PageEndpoint, RowOf } from './use-server-table';

/** What the page may do from a row link or the toolbar (open the kit's dialogs and drawer). */
export type CrudControls<Row, V> = {
  openAdd: (values?: Partial<V>) => void;
  openEdit: (row: Row) => void;
  openDetail: (row: Row) => void;
};

/**
 * A write of the list: the call (its permissions show the link), and its input made from the form
 * values or the row (absent for add / update when `form.save` saves in its own way).
 */
export type CrudWrite<E extends Endpoint, A extends unknown[]> = {
  endpoint: E;
  input?: (...args: A) => EndpointInput<E>;
  /** After the call succeeded (e.g. the page follows a renamed or deleted selection). */
  done?: (...args: A) => void;
};

/** Why a row may not be written, if it may not: the link stays, disabled, with this as tooltip. */
type Blockable<Row> = { blockedBy?: (row: Row) => ReactNode | undefined };

/** What a page's own add / edit dialog receives (`form.modal`), the same the kit's dialog gets. */
export type CrudModalProps<Row, V> = {
  open: boolean;
  /** The edited row; null when adding. */
  row: Row | null;
  initialValues: Partial<V>;
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
};

/** The add / edit dialog: the kit's `FormModal` with these items, or the page's own dialog. */
export type CrudForm<Row, V> = {
  /** A new row's values (of the list's total, e.g. to sort a new item last). */
  defaults?: Partial<V> | ((total: number) => Partial<V>);
  /** The edited row's values. */
  valuesOf?: (row: Row) => Partial<V>;
  /** Or read them (a detail call) before the dialog opens. */
  load?: (row: Row) => Promise<Partial<V>>;
  /** Saves in its own way (e.g. sealing a password) instead of the add / update inputs. */
  save?: (values: V, row: Row | null) => Promise<unknown>;
} & (
  | {
      titles: { add?: ReactNode; edit: ReactNode | ((row: Row) => ReactNode) };
      /** Form items, or a function of the form, the edited row (null when adding) and whether the dialog is open. */
      fields: ReactNode | ((form: FormInstance<V>, row: Row | null, open: boolean) => ReactNode);
      width?: number;
      modal?: never;
    }
  | { modal: (props: CrudModalProps<Row, V>) => ReactNode; titles?: never; fields?: never; width?: never }
);

/**
 * One administration list, declared: its columns, writes, dialog, detail and the page's extras.
 * The kit adds the action column (detail, the page's links, edit, delete), the toolbar (export,
 * add) and the dialogs; test ids follow `testId`: `<id>-page`, `-table`, `-add`, `-export`,
 * `-form`, `-detail`, and per row `<id>-detail|edit|delete-<rowTestKey>`.
 */
export type CrudConfig<
  Row extends object,
  V extends object,
  A extends Endpoint,
  U extends Endpoint,
  D extends Endpoint,
> = {
  title: ReactNode;
  testId: string;
  /** The card's test id where it is not `<testId>-page`. */
  cardTestId?: string;
  /** The table's test id where it is not `<testId>-table`. */
  tableTestId?: string;
  /** Without the card (a list inside a tab of a page): the toolbar sits above the table. */
  bare?: boolean;
  columns: ColumnsType<Row>;
  /** Default `id`. */
  rowKey?: keyof Row & string;
  /** The row's part of its links' test ids (a code or name the journeys know). */
  rowTestKey: (row: Row) => string | number;
  /** The row's name in the delete question. */
  rowName: (row: Row) => string;
  add?: CrudWrite<A, [V]> & { label?: ReactNode /** Where it is not `<testId>-add`. */; testId?: string };
  update?: CrudWrite<U, [V, Row]> &
    Blockable<Row> & {
      /** The edit link's text where it is not "Edit". */
      label?: ReactNode;
    };
  remove?: CrudWrite<D, [Row]> &
    Required<Pick<CrudWrite<D, [Row]>, 'input'>> &
    Blockable<Row> & {
      /** The question before deleting, where it says more than "Delete “name”?". */
      confirm?: (row: Row) => ReactNode;
      /** A warning on the link that does not disable it (the server decides and says why). */
      hint?: (row: Row) => ReactNode | undefined;
    };
  /** More answers the writes change (the list itself is refetched anyway). */
  invalidate?: readonly Endpoint[];
  form?: CrudForm<Row, V>;
  /** The row's detail: the kit's drawer with these items, or the page's own drawer. */
  detail?:
    | { title: (row: Row) => ReactNode; items: (row: Row) => DetailItem[]; width?: number; drawer?: never }
    | { drawer: (row: Row | null, onClose: () => void) => ReactNode; title?: never; items?: never; width?: never };
  /** The page's own row links, placed after detail and edit, before delete. */
  rowActions?: (row: Row, controls: CrudControls<Row, V>) => RowAction[];
  actionsWidth?: number;
  /** The page's own toolbar buttons, before export and add. */
  toolbar?: (controls: CrudControls<Row, V>) => ReactNode;
  /** The page's own drawers and dialogs (slots), rendered inside the card. */
  extras?: ReactNode;
  /** Places the filter bar and table inside the page's own layout (e.g. the first of its tabs). */
  frame?: (list: ReactNode) => ReactNode;
  /** A new value renders a new table (e.g. to open every tree level again once loaded). */
  tableKey?: string;
  /** More antd table settings (scroll, expandable, row selection). */
  table?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'loading' | 'pagination' | 'onChange'>;
};

/** A server-paged list (`pageQuery` / `pageOf` call): filters, paging and sorting on the server. */
export type CrudPageConfig<
  P extends PageEndpoint,
  V extends object,
  A extends Endpoint,
  U extends Endpoint,
  D extends Endpoint,
  X extends Endpoint,
  F extends object = FiltersOf<P>,
> = CrudConfig<RowOf<P>, V, A, U, D> & {
  list: P;
  /** The filter bar's items (antd `Form.Item`s named after the form values `F`). */
  filters?: ReactNode;
  filterDefaults?: Partial<F>;
  /** The filter values as the call's filters, where they differ (a date picker's day). */
  toFilters?: (values: Partial<F>) => FiltersOf<P>;
  /** Filters the page fixes (a chosen type, a station); null: not asked yet. */
  fixed?: Partial<FiltersOf<P>> | null;
  /** Rows a page shows at first (10 unless set). */
  pageSize?: number;
  /**
   * The list's own export call (Excel, a server-made file). Without one, the kit exports the
   * rows under the filters as CSV, as the columns show them (ListExportButton).
   */
  export?: {
    endpoint: X;
    input: (filters: FiltersOf<P>) => EndpointInput<X>;
    fileName: string;
    /** The button's tooltip (what the file holds). */
    hint?: ReactNode;
  };
};

/** A list the page already holds (a tree, a configuration's rows): no server paging. */
export type CrudRowsConfig<
  Row extends object,
  V extends object,
  A extends Endpoint,
  U extends Endpoint,
  D extends Endpoint,
> = CrudConfig<Row, V, A, U, D> & {
  rows: readonly Row[] | undefined;
  loading?: boolean;
  failed?: boolean;
  /** The page's own search above the table. */
  search?: ReactNode;
  /** Rows a page shows, paged on the page (every row on one page unless set). */
  pageSize?: number;
};

/** Types a list page's declaration where it is written outside JSX (the generics are inferred). */
export const defineCrud = <
  P extends PageEndpoint,
  V extends object,
  A extends Endpoint = never,
  U extends Endpoint = never,
  D extends Endpoint = never,
  X extends Endpoint = never,
  F extends object = FiltersOf<P>,
>(
  config: CrudPageConfig<P, V, A, U, D, X, F>,
): CrudPageConfig<P, V, A, U, D, X, F> => config;
