import { controlApi } from '@ess/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCommandFeed } from '@/components/command/command-feed';
import { refetchEndpoints } from '@/lib/api/endpoint-query';
import type { LiveStatus } from '@/lib/live/live-client';

/** The answers a command changes: the history, the device's points (in-flight, values) and the cabinets. */
export const refreshControl = (qc: QueryClient) =>
  refetchEndpoints(qc, [controlApi.commandPage, controlApi.points, controlApi.cabinets]);

/** Refreshes the control lists whenever the station's live socket says a command was sent or settled. */
export function useControlLive(stationId: number | null): LiveStatus {
  const qc = useQueryClient();
  return useCommandFeed(stationId, () => void refreshControl(qc));
}
