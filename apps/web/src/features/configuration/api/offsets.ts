import { configApi } from '@ess/contract';
import { type FiltersOf, useEndpointMutation, useServerTable } from '@/components/crud';

export type OffsetFilters = Omit<FiltersOf<typeof configApi.offsetPage>, 'stationId'>;

/** The offset rows of a station's points (null: no station chosen yet). */
export const useOffsetTable = (stationId: number | null, filters: OffsetFilters) =>
  useServerTable(configApi.offsetPage, stationId === null ? null : { ...filters, stationId });

export const useSaveOffset = () => useEndpointMutation(configApi.offsetSave, { invalidate: [configApi.offsetPage] });
