import type { StationNode, StationTree } from '@ess/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLang } from '../i18n/use-lang';
import { stationsOf, useStations } from '../session/api/get-stations';
import { useSession } from '../session/session-store';

export type CurrentStation = {
  /**
   * The station to load data for: the resolved station's id once the list is in, before that
   * the remembered one, so a page's calls need not wait for the station list.
   */
  stationId: number | null;
  /** The selected station's row, in the interface language; null until the list is in or without stations. */
  station: StationNode | null;
  /** The station list (province → station tree) in the interface language. */
  stations: UseQueryResult<StationTree>;
  /** The station list is still loading: whether there is a station is not known yet. */
  isPending: boolean;
};

/** The remembered station while the user may still see it, else the first station, else none. */
export function resolveStation(tree: StationTree | undefined, rememberedId: number | null): StationNode | null {
  const all = stationsOf(tree);
  return all.find((s) => s.id === rememberedId) ?? all[0] ?? null;
}

/**
 * The selected station (spec 2: remembered locally), the one answer for the frame and every
 * page. Once the station list is in, a remembered station the user can no longer see, or none,
 * becomes the first station of the list (none for a user without stations), and that choice is
 * remembered.
 */
export function useCurrentStation(): CurrentStation {
  const lang = useLang();
  const rememberedId = useSession((s) => s.stationId);
  const setStation = useSession((s) => s.setStation);
  const stations = useStations(lang);
  const tree = stations.data;
  const station = tree ? resolveStation(tree, rememberedId) : null;
  const resolvedId = station?.id ?? null;
  useEffect(() => {
    if (tree && resolvedId !== rememberedId) setStation(resolvedId);
  }, [tree, resolvedId, rememberedId, setStation]);
  return {
    stationId: tree ? resolvedId : rememberedId,
    station,
    stations,
    isPending: stations.isPending,
  };
}
