import {
  type AlarmDefinitionBody,
  type AlarmDefinitionUpdateBody,
  type AlarmGroupConfigBody,
  type AlarmStationOverrideBody,
  alarmApi,
} from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** The rules in effect at a station (definitions with the station's overrides over them). */
export const useStationRules = (stationId: number | null) =>
  useEndpoint(alarmApi.alarmStationRules, stationId === null ? null : { stationId });

/** What a definition write changes besides the definition list: the rules in effect at stations. */
export const DEFINITION_WRITES = [alarmApi.alarmStationRules] as const;

/** A change to definitions or configuration shows in both lists. */
function useRefetchRules() {
  const qc = useQueryClient();
  return () => refetchEndpoints(qc, [alarmApi.alarmDefinitionPage, alarmApi.alarmStationRules]);
}

/** Adds a definition, or (with `id`) changes one. */
export function useSaveDefinition() {
  const refetch = useRefetchRules();
  return useMutation({
    mutationFn: (body: AlarmDefinitionBody | AlarmDefinitionUpdateBody) =>
      'id' in body
        ? call(alarmApi.alarmDefinitionUpdate, body).then(() => body.id)
        : call(alarmApi.alarmDefinitionAdd, body).then((r) => r.id),
    onSuccess: refetch,
  });
}

/** Group level: a definition's default threshold, level and enablement. */
export function useSaveGroupConfig() {
  const refetch = useRefetchRules();
  return useMutation({
    mutationFn: (body: AlarmGroupConfigBody) => call(alarmApi.alarmGroupConfigSave, body),
    onSuccess: refetch,
  });
}

/** Station level: save or drop (null fields) an override. */
export function useSaveStationOverride() {
  const refetch = useRefetchRules();
  return useMutation({
    mutationFn: (body: AlarmStationOverrideBody) => call(alarmApi.alarmStationOverrideSave, body),
    onSuccess: refetch,
  });
}

export function useDeleteStationOverride() {
  const refetch = useRefetchRules();
  return useMutation({
    mutationFn: (key: { stationId: number; definitionId: number }) => call(alarmApi.alarmStationOverrideDelete, key),
    onSuccess: refetch,
  });
}
