import { virtualApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';

type Paging = { pageNum: number; pageSize: number };

/** A page of a station's virtual devices (null: no station chosen yet). */
export const useVirtualPage = (stationId: number | null, name: string | undefined, paging: Paging) =>
  useEndpoint(virtualApi.virtualPage, stationId === null ? null : { stationId, name, ...paging });

// A write changes the page and every list of virtual devices (pickers, formulas).
const AFTER = { invalidate: [virtualApi.virtualPage, virtualApi.virtualList] };

export const useVirtualWrites = () => ({
  add: useEndpointMutation(virtualApi.virtualAdd, AFTER),
  update: useEndpointMutation(virtualApi.virtualUpdate, AFTER),
  remove: useEndpointMutation(virtualApi.virtualDelete, AFTER),
});
