import type { StationNode, StationTree } from '@ess/contract';
import { useEffect } from 'react';
import { stationsOf } from '@/lib/session/api/get-stations';
import { useSession } from '@/lib/session/session-store';

/**
 * The selected station: the remembered one while the user may still see it, else the first
 * station of the tree, else none (a user without stations).
 */
export function useCurrentStation(tree: StationTree | undefined): StationNode | null {
  const stationId = useSession((s) => s.stationId);
  const setStation = useSession((s) => s.setStation);
  const all = stationsOf(tree);
  const current = all.find((s) => s.id === stationId) ?? all[0] ?? null;
  const resolvedId = current?.id ?? null;
  useEffect(() => {
    if (tree && resolvedId !== stationId) setStation(resolvedId);
  }, [tree, resolvedId, stationId, setStation]);
  return tree ? current : null;
}
