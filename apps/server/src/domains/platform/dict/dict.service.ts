import type { DictType, Lang } from '@ess/contract';
import type { Db } from '../../../db/client';
import { localName } from '../../stations/device';
import { DictCache } from './dict-cache';

/** `typeAll`: every dictionary in the request language, from a cache that follows every change. */
export class DictService {
  readonly cache: DictCache;
  /** The formatted answer per language, for the cached version only. */
  private byLang: { version: string; answers: Map<Lang, DictType[]> } | null = null;

  constructor(db: Db) {
    this.cache = new DictCache(db);
  }

  /** Every dictionary with its description and item labels in `lang` (falling back to Chinese, then as stored). */
  async typeAll(lang: Lang): Promise<DictType[]> {
    const { version, dicts } = await this.cache.get();
    if (version === null || this.byLang?.version !== version) {
      this.byLang = version === null ? null : { version, answers: new Map() };
    }
    const kept = this.byLang?.answers.get(lang);
    if (kept) return kept;
    const answer = dicts.map(({ type, items }) => ({
      type: type.type,
      description: localName(type.descriptions, lang, type.description),
      list: items.map((i) => ({
        key: i.key,
        value: i.value,
        label: i.labels[lang] || i.labels.zh_CN || i.value,
        sort: i.sort,
      })),
    }));
    this.byLang?.answers.set(lang, answer);
    return answer;
  }
}
