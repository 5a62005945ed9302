import type { DictType, Lang } from '@ess/contract';
import type { Db } from '../../db/client';
import { allDictionaries } from './dict.repository';

export class DictService {
  constructor(private readonly db: Db) {}

  /** Every dictionary with item labels in `lang` (falling back to Chinese, then the value). */
  async typeAll(lang: Lang): Promise<DictType[]> {
    return (await allDictionaries(this.db)).map(({ type, items }) => ({
      type: type.type,
      description: type.description,
      list: items.map((i) => ({
        key: i.key,
        value: i.value,
        label: i.labels[lang] || i.labels.zh_CN || i.value,
        sort: i.sort,
      })),
    }));
  }
}
