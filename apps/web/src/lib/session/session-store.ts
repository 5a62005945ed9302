import { create } from 'zustand';
import { clearSessionMemory, screenEntryStore, stationStore, tokenStore } from '../storage';

/** Client-side session state; server data (user, menus, stations) lives in the query cache. */
type SessionState = {
  token: string | null;
  /** Selected station, remembered locally (spec 2). */
  stationId: number | null;
  /** Signed in through a large-screen entry (`from=screen…` or a big-screen token). */
  screenEntry: boolean;
  signIn: (token: string, opts?: { screenEntry?: boolean }) => void;
  setStation: (id: number | null) => void;
  /** Forgets the session locally: token, station, menu memory, views (spec 4). */
  reset: () => void;
};

export const useSession = create<SessionState>((set) => ({
  token: tokenStore.get(),
  stationId: stationStore.get(),
  screenEntry: screenEntryStore.get(),
  signIn(token, opts) {
    tokenStore.set(token);
    screenEntryStore.set(opts?.screenEntry ?? false);
    set({ token, screenEntry: opts?.screenEntry ?? false });
  },
  setStation(id) {
    if (id === null) stationStore.clear();
    else stationStore.set(id);
    set({ stationId: id });
  },
  reset() {
    clearSessionMemory();
    set({ token: null, stationId: null, screenEntry: false });
  },
}));
