import {
  type DictItemAddBody,
  type DictItemPageBody,
  type DictItemRow,
  type DictItemUpdateBody,
  type DictProblem,
  type DictTypeAddBody,
  type DictTypePageBody,
  type DictTypeRow,
  type DictTypeUpdateBody,
  dictItemProblem,
  dictTypeProblem,
  type Lang,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { SEED_DICTS } from '../../../db/seed-data';
import type { MessageKey } from '../../../i18n/messages';
import { AppError, notFound } from '../../../lib/app-error';
import { localName } from '../../stations/device';
import {
  type DictItemRecord,
  deleteItem,
  deleteType,
  findItem,
  findType,
  insertItem,
  insertType,
  itemCountOf,
  itemPage,
  itemTaken,
  typePage,
  typeTaken,
  updateItem,
  updateType,
} from './dict-admin.repository';

const PROBLEM_KEYS: Record<DictProblem, MessageKey> = {
  typeFormat: 'dictTypeFormat',
  descriptionRequired: 'dictDescriptionRequired',
  keyRequired: 'dictKeyRequired',
  valueRequired: 'dictValueRequired',
  labelRequired: 'dictLabelRequired',
};
const problem = (p: DictProblem) => new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEYS[p]);
const conflictOf = (key: MessageKey, params: Record<string, string | number>) =>
  new AppError(409, ResultCode.CONFLICT, key, params);

/**
 * The seeded types are the ones code reads by name (point kinds, units, station and site
 * states, alarm levels, …): they keep their name and cannot be deleted, and their seeded items
 * keep key and value (labels and order may change; new items may be added and removed).
 */
const SEEDED_KEYS = new Map(SEED_DICTS.map((t) => [t.type, new Set(t.items.map((i) => i.key))]));
const isBuiltInType = (type: string) => SEEDED_KEYS.has(type);
const isBuiltInItem = (type: string, key: string) => SEEDED_KEYS.get(type)?.has(key) ?? false;

const typeNotFound = () => notFound('dictTypeNotFound');
const itemNotFound = () => notFound('dictItemNotFound');

const takenError = (taken: 'key' | 'value', b: { key: string; value: string }) =>
  taken === 'key'
    ? conflictOf('dictItemKeyTaken', { key: b.key })
    : conflictOf('dictItemValueTaken', { value: b.value });

/**
 * Dictionary management (字典管理). Every write changes the dictionary tables, whose trigger
 * bumps the version `typeAll`'s cache checks: no invalidation call is needed here.
 */
export class DictAdminService {
  constructor(private readonly db: Db) {}

  async typePage(q: DictTypePageBody, lang: Lang): Promise<{ rows: DictTypeRow[]; total: number }> {
    const page = await typePage(this.db, q, lang);
    return {
      total: page.total,
      rows: page.rows.map((r) => ({
        id: r.id,
        type: r.type,
        description: r.description,
        itemCount: r.itemCount,
        builtIn: isBuiltInType(r.type),
      })),
    };
  }

  async typeAdd(b: DictTypeAddBody): Promise<{ id: number }> {
    const p = dictTypeProblem(b);
    if (p) throw problem(p);
    if (await typeTaken(this.db, b.type)) throw conflictOf('dictTypeTaken', { type: b.type });
    const id = await insertType(this.db, b);
    if (id === null) throw conflictOf('dictTypeTaken', { type: b.type });
    return { id };
  }

  async typeUpdate(b: DictTypeUpdateBody, lang: Lang): Promise<null> {
    const { id, ...body } = b;
    const row = await findType(this.db, id);
    if (!row) throw typeNotFound();
    const p = dictTypeProblem(body);
    if (p) throw problem(p);
    if (isBuiltInType(row.type) && body.type !== row.type) throw conflictOf('dictTypeBuiltIn', { type: row.type });
    if (await typeTaken(this.db, body.type, id)) throw conflictOf('dictTypeTaken', { type: body.type });
    // A description sent back as shown in this language keeps the seeded translations; a
    // changed one is what the user typed, in every language.
    const shown = localName(row.descriptions, lang, row.description);
    const { description, ...rest } = body;
    try {
      await updateType(this.db, id, { ...rest, ...(description !== shown && { description, descriptions: {} }) });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflictOf('dictTypeTaken', { type: body.type });
      throw err;
    }
    return null;
  }

  /** Refused while the type has items, unless the administrator confirmed deleting them too. */
  async typeDelete(id: number, withItems: boolean): Promise<null> {
    await this.db.transaction(async (tx) => {
      const row = await findType(tx, id, 'update');
      if (!row) throw typeNotFound();
      if (isBuiltInType(row.type)) throw conflictOf('dictTypeBuiltIn', { type: row.type });
      const items = await itemCountOf(tx, id);
      if (items > 0 && !withItems) throw conflictOf('dictTypeHasItems', { count: items });
      await deleteType(tx, id);
    });
    return null;
  }

  async itemPage(q: DictItemPageBody, lang: Lang): Promise<{ rows: DictItemRow[]; total: number }> {
    const type = await findType(this.db, q.typeId);
    if (!type) throw typeNotFound();
    const page = await itemPage(this.db, q);
    return { total: page.total, rows: page.rows.map((r) => toItemRow(r, type.type, lang)) };
  }

  async itemAdd(b: DictItemAddBody): Promise<{ id: number }> {
    const p = dictItemProblem(b);
    if (p) throw problem(p);
    return this.db.transaction(async (tx) => {
      // Locked so the type cannot be deleted while its new item goes in.
      if (!(await findType(tx, b.typeId, 'share'))) throw typeNotFound();
      const taken = await itemTaken(tx, b.typeId, b);
      if (taken) throw takenError(taken, b);
      const id = await insertItem(tx, b);
      if (id === null) throw conflictOf('dictItemKeyTaken', { key: b.key });
      return { id };
    });
  }

  async itemUpdate(b: DictItemUpdateBody): Promise<null> {
    const { id, ...body } = b;
    const item = await findItem(this.db, id);
    if (!item) throw itemNotFound();
    const p = dictItemProblem(body);
    if (p) throw problem(p);
    const type = await findType(this.db, item.typeId);
    if (type && isBuiltInItem(type.type, item.key) && (body.key !== item.key || body.value !== item.value)) {
      throw conflictOf('dictItemBuiltIn', { key: item.key });
    }
    const taken = await itemTaken(this.db, item.typeId, body, id);
    if (taken) throw takenError(taken, body);
    try {
      await updateItem(this.db, id, body);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflictOf('dictItemKeyTaken', { key: body.key });
      throw err;
    }
    return null;
  }

  async itemDelete(id: number): Promise<null> {
    const item = await findItem(this.db, id);
    if (!item) throw itemNotFound();
    const type = await findType(this.db, item.typeId);
    if (type && isBuiltInItem(type.type, item.key)) throw conflictOf('dictItemBuiltIn', { key: item.key });
    await deleteItem(this.db, id);
    return null;
  }
}

function toItemRow(r: DictItemRecord, type: string, lang: Lang): DictItemRow {
  const labels = {
    zh_CN: r.labels.zh_CN ?? '',
    en_US: r.labels.en_US ?? '',
    es_ES: r.labels.es_ES ?? '',
    ja_JP: r.labels.ja_JP ?? '',
  };
  return {
    id: r.id,
    typeId: r.typeId,
    key: r.key,
    value: r.value,
    label: labels[lang] || labels.zh_CN || r.value,
    labels,
    sort: r.sort,
    builtIn: isBuiltInItem(type, r.key),
  };
}

/** SQLSTATE 23505: a unique key refused the row (taken by a concurrent call). */
const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
