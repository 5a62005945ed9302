import { create } from 'zustand';
import { type StoredTag, sidebarStore, tagsStore } from '@/lib/storage';

type LayoutState = {
  /** Desktop sidebar open; remembered in a cookie (spec 4). */
  sidebarOpen: boolean;
  /** Below 1024 px the sidebar is a drawer, closed until asked for. */
  mobileOpen: boolean;
  settingsOpen: boolean;
  passwordOpen: boolean;
  /** Bumped by the tag view's "refresh" to remount the current page. */
  refreshKey: number;
  tags: StoredTag[];
  toggleSidebar: () => void;
  setMobileOpen: (open: boolean) => void;
  setSettingsOpen: (open: boolean) => void;
  setPasswordOpen: (open: boolean) => void;
  refresh: () => void;
  addTag: (tag: StoredTag) => void;
  /** Removes tags; `keep` decides which stay. */
  keepTags: (keep: (t: StoredTag) => boolean) => void;
};

export const useLayout = create<LayoutState>((set, get) => ({
  sidebarOpen: sidebarStore.get(),
  mobileOpen: false,
  settingsOpen: false,
  passwordOpen: false,
  refreshKey: 0,
  tags: tagsStore.get(),
  toggleSidebar() {
    const open = !get().sidebarOpen;
    sidebarStore.set(open);
    set({ sidebarOpen: open });
  },
  setMobileOpen: (mobileOpen) => set({ mobileOpen }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setPasswordOpen: (passwordOpen) => set({ passwordOpen }),
  refresh: () => set({ refreshKey: get().refreshKey + 1 }),
  addTag(tag) {
    const tags = get().tags;
    const i = tags.findIndex((t) => t.path === tag.path);
    const next = i === -1 ? [...tags, tag] : tags.map((t, j) => (j === i ? tag : t));
    tagsStore.set(next);
    set({ tags: next });
  },
  keepTags(keep) {
    const next = get().tags.filter(keep);
    tagsStore.set(next);
    set({ tags: next });
  },
}));
