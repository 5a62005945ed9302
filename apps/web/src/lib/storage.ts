import { isLang, type Lang } from '@ess/contract';
import Cookies from 'js-cookie';

/**
 * Everything the browser remembers, in one place (spec 2 and 4): the token in a cookie and in
 * local storage, navigation memory and station in local storage, sidebar state in a cookie,
 * language in session storage.
 */
const K = {
  token: 'ess_token',
  activeTop: 'ess.activeTopMenu',
  subPaths: 'ess.lastSubPaths',
  stationId: 'ess.stationId',
  bell: 'ess.bellSound',
  theme: 'ess.themeConfig',
  sidebar: 'ess_sidebar_open',
  lang: 'ess.lang',
  translateLogin: 'ess.translateLogin',
  username: 'ess.rememberedUsername',
  screenEntry: 'ess.screenEntry',
  version: 'ess.version',
  tags: 'ess.tagsView',
  messagePlays: 'ess.messagePlays',
} as const;

function readJson<T>(store: Storage, key: string, fallback: T): T {
  try {
    const raw = store.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}
const writeJson = (store: Storage, key: string, v: unknown) => store.setItem(key, JSON.stringify(v));

export const tokenStore = {
  get: (): string | null => Cookies.get(K.token) ?? localStorage.getItem(K.token),
  set(token: string) {
    Cookies.set(K.token, token, { sameSite: 'strict', secure: location.protocol === 'https:' });
    localStorage.setItem(K.token, token);
  },
  clear() {
    Cookies.remove(K.token);
    localStorage.removeItem(K.token);
  },
};

export const navMemory = {
  activeTop: (): string | null => localStorage.getItem(K.activeTop),
  setActiveTop: (code: string) => localStorage.setItem(K.activeTop, code),
  subPath: (topCode: string): string | null =>
    readJson<Record<string, string>>(localStorage, K.subPaths, {})[topCode] ?? null,
  setSubPath(topCode: string, path: string) {
    const all = readJson<Record<string, string>>(localStorage, K.subPaths, {});
    writeJson(localStorage, K.subPaths, { ...all, [topCode]: path });
  },
  clear() {
    localStorage.removeItem(K.activeTop);
    localStorage.removeItem(K.subPaths);
  },
};

export const stationStore = {
  get(): number | null {
    const n = Number(localStorage.getItem(K.stationId));
    return Number.isInteger(n) && n > 0 ? n : null;
  },
  set: (id: number) => localStorage.setItem(K.stationId, String(id)),
  clear: () => localStorage.removeItem(K.stationId),
};

export const bellStore = {
  get: (): boolean => localStorage.getItem(K.bell) !== 'off',
  set: (on: boolean) => localStorage.setItem(K.bell, on ? 'on' : 'off'),
};

/** The last play of each message this tab popped up (message id → play instant); null: none yet. */
export const messagePlayStore = {
  get: (): Record<string, number> | null =>
    readJson<Record<string, number> | null>(sessionStorage, K.messagePlays, null),
  set: (shown: Record<string, number>) => writeJson(sessionStorage, K.messagePlays, shown),
};

export const themeStore = {
  get: <T>(fallback: T): T => readJson(localStorage, K.theme, fallback),
  set: (v: unknown) => writeJson(localStorage, K.theme, v),
};

export const sidebarStore = {
  /** Open unless the cookie says closed. */
  get: (): boolean => Cookies.get(K.sidebar) !== '0',
  set: (open: boolean) => Cookies.set(K.sidebar, open ? '1' : '0', { sameSite: 'strict' }),
};

export const langStore = {
  get(): Lang | null {
    const v = sessionStorage.getItem(K.lang);
    return isLang(v) ? v : null;
  },
  set: (lang: Lang) => sessionStorage.setItem(K.lang, lang),
  /** The user arrived through the login page's language choice (spec 2 "translation login page"). */
  translateLogin: (): boolean => sessionStorage.getItem(K.translateLogin) === '1',
  setTranslateLogin: () => sessionStorage.setItem(K.translateLogin, '1'),
};

/** Only the user name is remembered: a password never touches browser storage. */
export const rememberStore = {
  get: (): string | null => localStorage.getItem(K.username),
  set: (username: string) => localStorage.setItem(K.username, username),
  clear: () => localStorage.removeItem(K.username),
};

export const screenEntryStore = {
  get: (): boolean => sessionStorage.getItem(K.screenEntry) === '1',
  set: (on: boolean) => (on ? sessionStorage.setItem(K.screenEntry, '1') : sessionStorage.removeItem(K.screenEntry)),
};

export const versionStore = {
  get: (): string | null => localStorage.getItem(K.version),
  set: (v: string) => localStorage.setItem(K.version, v),
};

export type StoredTag = { path: string; title: string };
export const tagsStore = {
  get: (): StoredTag[] => readJson<StoredTag[]>(sessionStorage, K.tags, []),
  set: (tags: StoredTag[]) => writeJson(sessionStorage, K.tags, tags),
  clear: () => sessionStorage.removeItem(K.tags),
};

/** Logout clears token, station, menu memory, remembered user name and views (spec 4). */
export function clearSessionMemory(): void {
  tokenStore.clear();
  stationStore.clear();
  navMemory.clear();
  rememberStore.clear();
  tagsStore.clear();
  screenEntryStore.set(false);
}
