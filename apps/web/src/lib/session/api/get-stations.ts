import { type Lang, type StationNode, type StationTree, shellApi } from '@ess/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query';
import { QUIET } from '../../api/quiet';

/** The caller's stations as a province → station tree. `quiet` for a prefetch. */
export const stationsQuery = (lang: Lang, quiet = false) => ({
  ...endpointQuery(shellApi.stationTree, {}, lang, quiet ? QUIET : {}),
  staleTime: 300_000,
});

export const useStations = (lang: Lang) => useQuery(stationsQuery(lang));

export const stationsOf = (tree: StationTree | undefined): StationNode[] => tree?.flatMap((p) => p.children) ?? [];
