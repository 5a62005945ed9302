import { z } from 'zod';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';

export const dictItem = z.object({ key: z.string(), value: z.string(), label: z.string(), sort: z.number().int() });
export const dictType = z.object({ type: z.string(), description: z.string(), list: z.array(dictItem) });
export type DictType = z.infer<typeof dictType>;

/*
 * Dictionary management (/system/dictionary, issue 13 part 5): types and their items.
 */

/** Permissions of the dictionary page (`sys('dictionary', …)` and `crud('sys.dict')` in menu-tree.ts). */
export const DICT_PERMS = {
  query: 'sys:dictionary:query',
  add: 'sys:dict:add',
  edit: 'sys:dict:edit',
  delete: 'sys:dict:delete',
} as const;

export const DICT_LIMITS = { type: 64, description: 200, key: 64, value: 200, label: 100, sort: 9999 } as const;
/** A type name: what code and the client use as the dictionary's key. */
export const DICT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim());

export const dictTypeFields = {
  type: trimmed(DICT_LIMITS.type),
  description: trimmed(DICT_LIMITS.description),
};
export const dictTypeAddBody = z.object(dictTypeFields);
export type DictTypeAddBody = z.infer<typeof dictTypeAddBody>;
export const dictTypeUpdateBody = z.object({ id: rowId, ...dictTypeFields });
export type DictTypeUpdateBody = z.infer<typeof dictTypeUpdateBody>;
/** `withItems`: the administrator confirmed deleting the type's items too (else refused while it has items). */
export const dictTypeDeleteBody = z.object({ id: rowId, withItems: z.boolean().default(false) });

export const dictTypePageBody = pageQuery(['type', 'description', 'id'], {
  type: searchText(),
  description: searchText(),
});
export type DictTypePageBody = z.infer<typeof dictTypePageBody>;

export const dictTypeRow = z.object({
  id: z.number().int(),
  type: z.string(),
  description: z.string(),
  itemCount: z.number().int(),
  builtIn: z.boolean(),
});
export type DictTypeRow = z.infer<typeof dictTypeRow>;
export const dictTypePage = pageOf(dictTypeRow);

const labelText = z
  .string()
  .max(DICT_LIMITS.label)
  .transform((s) => s.trim())
  .optional()
  .transform((s) => s ?? '');
export const dictLabelsInput = z.object({ zh_CN: labelText, en_US: labelText, es_ES: labelText, ja_JP: labelText });

export const dictItemFields = {
  key: trimmed(DICT_LIMITS.key),
  value: trimmed(DICT_LIMITS.value),
  labels: dictLabelsInput,
  sort: z.number().int().min(0).max(DICT_LIMITS.sort).default(0),
};
export const dictItemAddBody = z.object({ typeId: rowId, ...dictItemFields });
export type DictItemAddBody = z.infer<typeof dictItemAddBody>;
export const dictItemUpdateBody = z.object({ id: rowId, ...dictItemFields });
export type DictItemUpdateBody = z.infer<typeof dictItemUpdateBody>;
export const dictIdBody = z.object({ id: rowId });

export const dictItemPageBody = pageQuery(['key', 'value', 'sort', 'id'], {
  typeId: rowId,
  /** Matches key, value or a label in any language. */
  text: searchText(),
});
export type DictItemPageBody = z.infer<typeof dictItemPageBody>;

export const dictItemRow = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  key: z.string(),
  value: z.string(),
  /** In the request's language (falling back to Chinese, then the value). */
  label: z.string(),
  labels: z.object({ zh_CN: z.string(), en_US: z.string(), es_ES: z.string(), ja_JP: z.string() }),
  sort: z.number().int(),
  /** A seeded item of a built-in type: key and value are fixed, it cannot be deleted. */
  builtIn: z.boolean(),
});
export type DictItemRow = z.infer<typeof dictItemRow>;
export const dictItemPage = pageOf(dictItemRow);

/** Why a type or item is refused; the server answers each in four languages, the form shows the same text. */
export type DictProblem = 'typeFormat' | 'descriptionRequired' | 'keyRequired' | 'valueRequired' | 'labelRequired';

export function dictTypeProblem(b: Pick<DictTypeAddBody, 'type' | 'description'>): DictProblem | null {
  if (!DICT_TYPE_PATTERN.test(b.type)) return 'typeFormat';
  if (b.description === '') return 'descriptionRequired';
  return null;
}

/** An item needs a key, a value and its label in Chinese and English (the others fall back). */
export function dictItemProblem(b: Pick<DictItemAddBody, 'key' | 'value' | 'labels'>): DictProblem | null {
  if (b.key === '') return 'keyRequired';
  if (b.value === '') return 'valueRequired';
  if (b.labels.zh_CN === '' || b.labels.en_US === '') return 'labelRequired';
  return null;
}
