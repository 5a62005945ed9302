import { z } from 'zod';
import {
  DICT_PERMS,
  dictIdBody,
  dictItemAddBody,
  dictItemPage,
  dictItemPageBody,
  dictItemUpdateBody,
  dictTypeAddBody,
  dictTypeDeleteBody,
  dictTypePage,
  dictTypePageBody,
  dictTypeUpdateBody,
} from '../dict';
import { endpointGroup } from './endpoint';

const read = { perms: [DICT_PERMS.query] } as const;
const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;
const created = z.object({ id: z.number().int() });

/** Dictionary management (/system/dictionary): types and their items; `typeAll` follows every change. */
export const dictApi = /*#__PURE__*/ endpointGroup('dict', {
  dictTypePage: {
    method: 'POST',
    path: '/sys/dict/type/page',
    body: dictTypePageBody,
    response: dictTypePage,
    access: read,
    summary: 'A page of dictionary types with their item counts, filtered by type and description',
  },
  dictTypeAdd: {
    method: 'POST',
    path: '/sys/dict/type/add',
    body: dictTypeAddBody,
    response: created,
    access: write(DICT_PERMS.add),
    errors: [409],
    summary: 'Add a dictionary type (its name must be unused)',
  },
  dictTypeUpdate: {
    method: 'POST',
    path: '/sys/dict/type/update',
    body: dictTypeUpdateBody,
    response: z.null(),
    access: write(DICT_PERMS.edit),
    errors: [409],
    summary: 'Change a type (a built-in type keeps its name)',
  },
  dictTypeDelete: {
    method: 'POST',
    path: '/sys/dict/type/delete',
    body: dictTypeDeleteBody,
    response: z.null(),
    access: write(DICT_PERMS.delete),
    errors: [409],
    summary: 'Delete a type; refused while it has items unless withItems confirms deleting them too',
  },
  dictItemPage: {
    method: 'POST',
    path: '/sys/dict/item/page',
    body: dictItemPageBody,
    response: dictItemPage,
    access: read,
    summary: "A page of one type's items (by sort, then id), filtered by key, value or label",
  },
  dictItemAdd: {
    method: 'POST',
    path: '/sys/dict/item/add',
    body: dictItemAddBody,
    response: created,
    access: write(DICT_PERMS.add),
    errors: [409],
    summary: 'Add an item to a type (key and value unique within the type)',
  },
  dictItemUpdate: {
    method: 'POST',
    path: '/sys/dict/item/update',
    body: dictItemUpdateBody,
    response: z.null(),
    access: write(DICT_PERMS.edit),
    errors: [409],
    summary: 'Change an item (a seeded item of a built-in type keeps its key and value)',
  },
  dictItemDelete: {
    method: 'POST',
    path: '/sys/dict/item/delete',
    body: dictIdBody,
    response: z.null(),
    access: write(DICT_PERMS.delete),
    errors: [409],
    summary: 'Delete an item (not a seeded item of a built-in type)',
  },
});
