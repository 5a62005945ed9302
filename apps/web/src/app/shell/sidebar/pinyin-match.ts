/** True when `text` matches `query` by characters, full pinyin or pinyin initials. */
export type PinyinMatcher = (text: string, query: string) => boolean;

export async function loadPinyinMatcher(): Promise<PinyinMatcher> {
  const { match } = await import('pinyin-pro');
  return (text, query) => {
    const q = query.trim().toLowerCase();
    if (!q) return false;
    if (text.toLowerCase().includes(q)) return true;
    return match(text, q, { precision: 'start', insensitive: true, space: 'ignore' }) !== null;
  };
}
