import type { Lang } from '@ess/contract';

/** Query keys of the session-wide server data; invalidate through these, never inline arrays. */
export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
  menu: (stationId: number | null, lang: Lang) => [...sessionKeys.all, 'menu', stationId, lang] as const,
  stations: (lang: Lang) => [...sessionKeys.all, 'stations', lang] as const,
  dicts: (lang: Lang) => [...sessionKeys.all, 'dicts', lang] as const,
  theme: (userId: number) => [...sessionKeys.all, 'theme', userId] as const,
  weather: (stationId: number, lang: Lang) => [...sessionKeys.all, 'weather', stationId, lang] as const,
};
