import { DEFAULT_THEME_CONFIG, type ThemeConfig, themeConfig } from '@ess/contract';
import { create } from 'zustand';
import { themeStore } from '../storage';

function stored(): ThemeConfig {
  const parsed = themeConfig.safeParse(themeStore.get<unknown>(null));
  return parsed.success ? parsed.data : DEFAULT_THEME_CONFIG;
}

type ThemeState = {
  config: ThemeConfig;
  /** Applies a change locally at once (remembered in local storage, spec 2). */
  update: (patch: Partial<ThemeConfig>) => void;
  /** Takes the user's saved theme from the server after sign-in. */
  replace: (config: ThemeConfig) => void;
};

export const useTheme = create<ThemeState>((set, get) => ({
  config: stored(),
  update(patch) {
    const config = { ...get().config, ...patch };
    themeStore.set(config);
    set({ config });
  },
  replace(config) {
    themeStore.set(config);
    set({ config });
  },
}));
