import { type Lang, type StationNode, type StationTree, stationTree } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { sessionKeys } from '../keys';

/** `quiet`: no toast and no session handling (a prefetch; the frame's own call reports failures). */
export const getStations = (quiet = false) =>
  request('/business/station', { body: {}, schema: stationTree, silent: quiet, noSessionHandling: quiet });

export const stationsQuery = (lang: Lang) =>
  queryOptions({ queryKey: sessionKeys.stations(lang), queryFn: () => getStations(), staleTime: 300_000 });

export const useStations = (lang: Lang) => useQuery(stationsQuery(lang));

export const stationsOf = (tree: StationTree | undefined): StationNode[] => tree?.flatMap((p) => p.children) ?? [];
