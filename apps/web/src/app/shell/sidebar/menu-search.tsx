import type { MenuItem } from '@ess/contract';
import { AutoComplete, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenMenu, opensNewWindow } from '@/lib/menu/menu-model';
import { useOpenEntry } from '../use-open-entry';
import { loadPinyinMatcher, type PinyinMatcher } from './pinyin-match';

/**
 * Menu search for Chinese: matches names by characters, full pinyin or initials (e.g. "lsqx"
 * finds 历史曲线). The pinyin dictionary loads only when this search is switched on.
 */
export function MenuSearch({ menu, onPick }: { menu: MenuItem[]; onPick: () => void }) {
  const { t } = useTranslation();
  const open = useOpenEntry();
  const [query, setQuery] = useState('');
  const [matcher, setMatcher] = useState<PinyinMatcher | null>(null);
  useEffect(() => {
    let live = true;
    void loadPinyinMatcher().then((m) => live && setMatcher(() => m));
    return () => {
      live = false;
    };
  }, []);
  const pages = flattenMenu(menu).filter((m) => m.url && m.children.length === 0 && !opensNewWindow(m));
  const hits = query && matcher ? pages.filter((m) => matcher(m.name, query)).slice(0, 12) : [];
  return (
    <AutoComplete
      value={query}
      onChange={setQuery}
      options={hits.map((m) => ({ value: m.code, label: m.name }))}
      onSelect={(code: string) => {
        const hit = pages.find((m) => m.code === code);
        setQuery('');
        if (hit) void open(hit).then(onPick);
      }}
      style={{ width: '100%' }}
    >
      <Input.Search placeholder={t('menu.searchPinyin')} allowClear data-testid="menu-search" />
    </AutoComplete>
  );
}
