import { dictApi, shellApi } from '@ess/contract';

/** What a type write changes: the type list, and the dictionaries every page reads. */
export const DICT_TYPE_WRITES = [dictApi.dictTypePage, shellApi.dictTypeAll] as const;

/** A deleted type takes its items along. */
export const DICT_TYPE_DELETES = [...DICT_TYPE_WRITES, dictApi.dictItemPage] as const;

/** What an item write changes: the items, their type's count, the dictionaries every page reads. */
export const DICT_ITEM_WRITES = [dictApi.dictItemPage, dictApi.dictTypePage, shellApi.dictTypeAll] as const;
