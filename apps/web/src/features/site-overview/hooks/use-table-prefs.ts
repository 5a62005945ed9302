import { useCallback, useEffect, useState } from 'react';

export type SortPref = { key: string; order: 'ascend' | 'descend' } | null;
export type TablePrefs = { hidden: string[]; sort: SortPref };

const EMPTY: TablePrefs = { hidden: [], sort: null };

/**
 * Reads stored preferences, keeping only well-formed parts (a stale or edited entry must not
 * break the page); `fallback` when nothing usable is stored.
 */
export function parsePrefs(raw: string | null, knownKeys: readonly string[], fallback: TablePrefs = EMPTY): TablePrefs {
  if (!raw) return fallback;
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object') return fallback;
    const hidden =
      'hidden' in v && Array.isArray(v.hidden)
        ? v.hidden.filter((k): k is string => typeof k === 'string' && knownKeys.includes(k))
        : [];
    const s = 'sort' in v ? v.sort : null;
    let sort: SortPref = null;
    if (s && typeof s === 'object' && 'key' in s && 'order' in s && typeof s.key === 'string') {
      const order = s.order === 'ascend' || s.order === 'descend' ? s.order : null;
      if (order && knownKeys.includes(s.key)) sort = { key: s.key, order };
    }
    return { hidden, sort };
  } catch {
    return fallback;
  }
}

/**
 * Column visibility and sort of a table, remembered in local storage under `storageKey` so the
 * choice survives a reload (spec 2 "site monitoring table: sortable, selectable columns").
 * `defaults` apply until the user chooses, and again after a reset.
 */
export function useTablePrefs(storageKey: string, knownKeys: readonly string[], defaults: TablePrefs = EMPTY) {
  const [prefs, setPrefs] = useState<TablePrefs>(() =>
    parsePrefs(localStorage.getItem(storageKey), knownKeys, defaults),
  );
  useEffect(() => {
    localStorage.setItem(storageKey, JSON.stringify(prefs));
  }, [storageKey, prefs]);
  const setHidden = useCallback((hidden: string[]) => setPrefs((p) => ({ ...p, hidden })), []);
  const setSort = useCallback((sort: SortPref) => setPrefs((p) => ({ ...p, sort })), []);
  const reset = useCallback(() => setPrefs(defaults), [defaults]);
  return { prefs, setHidden, setSort, reset };
}
