import type { CsvValue } from '@ess/contract';
import { Flex, Space } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { Children, isValidElement, type ReactNode } from 'react';
import { type CallArgs, call } from '@/lib/api/client';
import type { FiltersOf, PageEndpoint, RowOf } from './use-server-table';

/** Rows a list export holds at most: a larger list is narrowed with its filters first. */
export const LIST_EXPORT_MAX_ROWS = 10_000;
/** The page size every list call takes (some cap theirs at 100, most at MAX_PAGE_SIZE). */
const EXPORT_PAGE_SIZE = 100;

/**
 * The text a cell shows: strings and numbers of the rendered node, its elements' children in
 * order (a Space's or Flex's items apart by a space, as they are drawn); a component whose text
 * is made inside it says it through a static `cellText(props)` (EnabledSwitch, state tags).
 */
const SPACED = new Set<unknown>([Space, Flex]);

export function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) {
    const says = (node.type as { cellText?: (props: unknown) => string }).cellText;
    if (typeof says === 'function') return says(node.props);
    const children = (node.props as { children?: ReactNode }).children;
    if (SPACED.has(node.type))
      return Children.toArray(children)
        .map(textOf)
        .filter((t) => t !== '')
        .join(' ');
    return textOf(children);
  }
  // antd's older cell form { children, props }.
  if (typeof node === 'object' && 'children' in node) return textOf((node as { children: unknown }).children);
  return '';
}

type Leaf<Row> = ColumnType<Row>;

/** The columns that hold a value (grouped columns flattened; hidden ones and pure-action ones left out). */
function leaves<Row>(columns: ColumnsType<Row>): Leaf<Row>[] {
  return columns.flatMap((c) =>
    'children' in c && c.children ? leaves(c.children) : c.hidden || (!('dataIndex' in c) && !c.render) ? [] : [c],
  );
}

function valueAt(row: object, path: unknown): unknown {
  const keys = Array.isArray(path) ? path : path === undefined ? [] : [path];
  let v: unknown = row;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[String(k)] : undefined;
  return keys.length ? v : undefined;
}

/** A raw value a cell may fall back to when its rendering carries no text of its own. */
const rawText = (v: unknown): CsvValue =>
  typeof v === 'number' || typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.filter((x) => typeof x === 'string' || typeof x === 'number').join(', ')
      : null;

/**
 * The list as a table of texts, as its columns show it: each header's text, each cell the text its
 * `render` gives (a tag's label, a formatted time), else the raw value.
 */
export function tableOf<Row extends object>(
  columns: ColumnsType<Row>,
  rows: readonly Row[],
): { header: string[]; cells: CsvValue[][] } {
  const cols = leaves(columns);
  return {
    header: cols.map((c) => (typeof c.title === 'function' ? '' : textOf(c.title))),
    cells: rows.map((row, i) =>
      cols.map((c) => {
        const raw = 'dataIndex' in c ? valueAt(row, c.dataIndex) : undefined;
        if (!c.render) return rawText(raw);
        const shown = textOf(c.render(raw, row, i));
        return shown !== '' ? shown : rawText(raw);
      }),
    ),
  };
}

/**
 * Every row of a server-paged list under `filters` (its sort on screen kept), read page by page
 * 100 rows at a time, up to LIST_EXPORT_MAX_ROWS; `onProgress` gets the share read (0–1).
 */
export async function readAllPages<E extends PageEndpoint>(
  list: E,
  filters: FiltersOf<E>,
  onProgress: (done: number) => void,
): Promise<{ rows: RowOf<E>[]; total: number }> {
  const rows: RowOf<E>[] = [];
  let total = 0;
  for (let pageNum = 1; rows.length < LIST_EXPORT_MAX_ROWS; pageNum++) {
    const args = [{ ...filters, pageNum, pageSize: EXPORT_PAGE_SIZE }, { silent: true }] as unknown as CallArgs<E>;
    const answer = (await call(list, ...args)) as { rows?: RowOf<E>[]; list?: RowOf<E>[]; total?: number };
    const page = answer.rows ?? answer.list ?? [];
    total = answer.total ?? rows.length + page.length;
    rows.push(...page);
    onProgress(total > 0 ? Math.min(1, rows.length / Math.min(total, LIST_EXPORT_MAX_ROWS)) : 1);
    if (page.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, LIST_EXPORT_MAX_ROWS), total };
}
