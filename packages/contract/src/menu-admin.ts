import { z } from 'zod';
import type { Lang } from './i18n';
import { ID_MAX, rowId } from './ids';
import { MENU_SHOW, MENU_TYPES } from './menu';
import { STATION_TYPES, type StationType } from './station';
import { checkMenuUrl } from './validators';

/**
 * Menu management (/system/menu, issue 13 part 1): the full tree of menu and button rows with
 * every field of spec 3 "Menu item", and the rules a row must keep (spec 5 "node id, title and
 * type must be valid"), shared by the server (localized refusals) and the form.
 */

/** Permissions of the menu page (`sys('menu', …)` and `crud('sys.menu')` in menu-tree.ts). */
export const MENU_PERMS = {
  query: 'sys:menu:query',
  add: 'sys:menu:add',
  edit: 'sys:menu:edit',
  delete: 'sys:menu:delete',
} as const;

/** HTTP methods a button row may name (the call its permission guards). */
export const MENU_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type MenuMethod = (typeof MENU_METHODS)[number];

export const MENU_LIMITS = { code: 64, name: 64, perms: 500, url: 500, icon: 64, component: 200, order: 9999 } as const;

/** Languages a menu row must be named in; the others fall back to the Chinese name. */
export const MENU_REQUIRED_LANGS = ['zh_CN', 'en_US'] as const satisfies readonly Lang[];

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .nullish()
    .transform((s) => (s ? s : null));

const nameText = z
  .string()
  .max(MENU_LIMITS.name)
  .transform((s) => s.trim())
  .optional()
  .transform((s) => s ?? '');

export const menuNamesInput = z.object({
  zh_CN: nameText,
  en_US: nameText,
  es_ES: nameText,
  ja_JP: nameText,
});
export type MenuNames = Record<Lang, string>;

/** The parent of a root row. */
export const ROOT_PID = 0;
const parentId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/)])
  .pipe(z.coerce.number<string | number>().int().min(0).max(ID_MAX));

const menuFields = {
  pid: parentId,
  code: z
    .string()
    .max(MENU_LIMITS.code)
    .transform((s) => s.trim()),
  names: menuNamesInput,
  type: z.enum(MENU_TYPES),
  /** Comma-separated permissions, each `a:b[:c…]`. */
  perms: optionalText(MENU_LIMITS.perms),
  url: optionalText(MENU_LIMITS.url),
  urlApp: optionalText(MENU_LIMITS.url),
  icon: optionalText(MENU_LIMITS.icon),
  iconApp: optionalText(MENU_LIMITS.icon),
  method: z
    .enum(MENU_METHODS)
    .nullish()
    .transform((m) => m ?? null),
  orderNum: z.number().int().min(0).max(MENU_LIMITS.order).default(0),
  show: z.enum(MENU_SHOW).default('all'),
  color: optionalText(32),
  /** 1 enabled, 0 disabled. */
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  hidden: z.boolean().default(false),
  /** Opens in a new window (large screens, external links). */
  external: z.boolean().default(false),
  isConfig: z.boolean().default(false),
  component: optionalText(MENU_LIMITS.component),
  /** Station types the entry applies to; empty = every station. */
  stationTypes: z.array(z.enum(STATION_TYPES)).max(STATION_TYPES.length).default([]),
  /** Station ids the entry is limited to; empty = every station. */
  stationIds: z.array(rowId).max(1000).default([]),
};

export const menuAddBody = z.object(menuFields);
export type MenuAddBody = z.infer<typeof menuAddBody>;
export type MenuAddInput = z.input<typeof menuAddBody>;
export const menuUpdateBody = z.object({ id: rowId, ...menuFields });
export type MenuUpdateBody = z.infer<typeof menuUpdateBody>;
export const menuIdBody = z.object({ id: rowId });

/** A row as the editor sees it: names in all four languages, `name` in the request's. */
export type MenuAdminRow = {
  id: number;
  pid: number;
  code: string;
  name: string;
  names: MenuNames;
  type: (typeof MENU_TYPES)[number];
  perms: string | null;
  url: string | null;
  urlApp: string | null;
  icon: string | null;
  iconApp: string | null;
  method: MenuMethod | null;
  orderNum: number;
  show: (typeof MENU_SHOW)[number];
  color: string | null;
  status: number;
  hidden: boolean;
  external: boolean;
  isConfig: boolean;
  component: string | null;
  stationTypes: StationType[];
  stationIds: number[];
  /** A row of the seeded menu table (its code is known to the release). */
  builtIn: boolean;
  createTime: string;
  updateTime: string;
};
export type MenuAdminNode = MenuAdminRow & { pidName: string | null; children: MenuAdminNode[] };

const rowShape = {
  id: z.number().int(),
  pid: z.number().int(),
  code: z.string(),
  name: z.string(),
  names: z.object({ zh_CN: z.string(), en_US: z.string(), es_ES: z.string(), ja_JP: z.string() }),
  type: z.enum(MENU_TYPES),
  perms: z.string().nullable(),
  url: z.string().nullable(),
  urlApp: z.string().nullable(),
  icon: z.string().nullable(),
  iconApp: z.string().nullable(),
  method: z.enum(MENU_METHODS).nullable(),
  orderNum: z.number().int(),
  show: z.enum(MENU_SHOW),
  color: z.string().nullable(),
  status: z.number().int(),
  hidden: z.boolean(),
  external: z.boolean(),
  isConfig: z.boolean(),
  component: z.string().nullable(),
  stationTypes: z.array(z.enum(STATION_TYPES)),
  stationIds: z.array(z.number().int()),
  builtIn: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
};
export const menuAdminRow: z.ZodType<MenuAdminRow> = z.object(rowShape);
export const menuAdminNode: z.ZodType<MenuAdminNode> = z
  .lazy(() => z.object({ ...rowShape, pidName: z.string().nullable(), children: z.array(menuAdminNode) }))
  // Named, so the OpenAPI document can refer to the recursive schema.
  .meta({ id: 'MenuAdminNode' });

/** Why a row is refused; the server answers each in four languages, the form shows the same text. */
export type MenuProblem =
  | 'nameRequired'
  | 'codeFormat'
  | 'permsFormat'
  | 'urlFormat'
  | 'iconFormat'
  | 'colorFormat'
  | 'buttonRoot'
  | 'parentMissing'
  | 'parentSelf'
  | 'parentDescendant'
  | 'parentButton'
  | 'buttonWithChildren';

export const MENU_CODE_PATTERN = /^[A-Za-z][\w.-]*$/;
/** One permission: two or more segments of letters, digits, `_` or `-`, joined by colons. */
export const MENU_PERM_PATTERN = /^[A-Za-z][\w-]*(?::[A-Za-z][\w-]*)+$/;
const ICON_PATTERN = /^[A-Za-z][\w-]*$/;
const COLOR_PATTERN = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|[a-z]+)$/;

/** Splits a comma-separated permission list; null when one of them is not `a:b[:c…]`. */
export function parseMenuPerms(perms: string | null): string[] | null {
  if (perms === null || perms.trim() === '') return [];
  const list = perms.split(',').map((p) => p.trim());
  return list.every((p) => MENU_PERM_PATTERN.test(p)) ? list : null;
}

/** The name (title) a row must carry: Chinese and English. */
export const menuNameProblem = (names: Partial<MenuNames>): MenuProblem | null =>
  MENU_REQUIRED_LANGS.every((l) => (names[l] ?? '').trim() !== '') ? null : 'nameRequired';

type RowFields = Pick<MenuAddBody, 'code' | 'names' | 'type' | 'perms' | 'url' | 'icon' | 'color' | 'pid'>;

/** Rules of one row's own fields (no other row needed). */
export function menuFieldProblem(b: RowFields): MenuProblem | null {
  return (
    menuNameProblem(b.names) ??
    (MENU_CODE_PATTERN.test(b.code) ? null : 'codeFormat') ??
    (parseMenuPerms(b.perms) === null ? 'permsFormat' : null) ??
    (b.url !== null && checkMenuUrl(b.url) !== null ? 'urlFormat' : null) ??
    (b.icon !== null && !ICON_PATTERN.test(b.icon) ? 'iconFormat' : null) ??
    (b.color !== null && !COLOR_PATTERN.test(b.color) ? 'colorFormat' : null) ??
    (b.type === 'button' && b.pid === ROOT_PID ? 'buttonRoot' : null)
  );
}

type TreeRow = { id: number; pid: number; type: (typeof MENU_TYPES)[number] };

/** Ids of every row below `id` (not `id` itself). */
export function menuDescendantIds(rows: readonly Pick<TreeRow, 'id' | 'pid'>[], id: number): Set<number> {
  const byPid = new Map<number, number[]>();
  for (const r of rows) byPid.set(r.pid, [...(byPid.get(r.pid) ?? []), r.id]);
  const found = new Set<number>();
  const stack = [...(byPid.get(id) ?? [])];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(byPid.get(next) ?? []));
  }
  return found;
}

/**
 * Node rules against the tree (spec 5 "node id"): the parent exists, is not the row itself nor
 * below it, is a menu (a button has no children), and a button keeps no children of its own.
 * `row.id` is null for a new row.
 */
export function menuParentProblem(
  row: { id: number | null; pid: number; type: (typeof MENU_TYPES)[number] },
  rows: readonly TreeRow[],
): MenuProblem | null {
  if (row.type === 'button' && row.pid === ROOT_PID) return 'buttonRoot';
  if (row.id !== null && row.pid === row.id) return 'parentSelf';
  if (row.pid !== ROOT_PID) {
    const parent = rows.find((r) => r.id === row.pid);
    if (!parent) return 'parentMissing';
    if (row.id !== null && menuDescendantIds(rows, row.id).has(row.pid)) return 'parentDescendant';
    if (parent.type === 'button') return 'parentButton';
  }
  if (row.type === 'button' && row.id !== null && rows.some((r) => r.pid === row.id)) return 'buttonWithChildren';
  return null;
}

/** The four names with the missing ones empty (rows store what was given). */
export const fullMenuNames = (names: Partial<Record<string, string>>): MenuNames => ({
  zh_CN: names.zh_CN ?? '',
  en_US: names.en_US ?? '',
  es_ES: names.es_ES ?? '',
  ja_JP: names.ja_JP ?? '',
});
