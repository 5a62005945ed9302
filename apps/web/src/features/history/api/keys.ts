import type { CurveItem, Lang } from '@ess/contract';

/** Query keys of the history page; invalidate through these, never inline arrays. */
export const historyKeys = {
  all: ['history'] as const,
  curves: (stationId: number, items: readonly CurveItem[], from: number, to: number, lang: Lang) =>
    [...historyKeys.all, 'curves', stationId, items, from, to, lang] as const,
  allSets: () => [...historyKeys.all, 'sets'] as const,
  sets: (stationId: number, lang: Lang) => [...historyKeys.allSets(), stationId, lang] as const,
};
