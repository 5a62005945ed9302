import { type EndpointInput, type StatementBody, statementApi } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation } from '@/components/crud';
import { type DownloadProgress, download } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** The month in progress grows by the quarter hour: it refreshes this often. */
const PARTIAL_REFRESH_MS = 5 * 60_000;

export const useStatement = (body: StatementBody | null, inProgress: boolean) =>
  useEndpoint(statementApi.statement, body, {
    staleTime: 60_000,
    refetchInterval: inProgress ? PARTIAL_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });

export const useSettlementRatios = (stationId: number | null) =>
  useEndpoint(statementApi.settlementRatioList, stationId === null ? null : { stationId });

/** A ratio changes the shares of the statement: both are read again. */
const RATIO_INVALIDATES = [statementApi.statement, statementApi.settlementRatioList];
export const useSetRatio = () =>
  useEndpointMutation(statementApi.settlementRatioSet, { invalidate: RATIO_INVALIDATES });
export const useDeleteRatio = () =>
  useEndpointMutation(statementApi.settlementRatioDelete, { invalidate: RATIO_INVALIDATES });

type Options = { fallbackName: string; onProgress?: (p: DownloadProgress) => void };

/** The statement as PDF, Excel or CSV (permission `revenue:statement:export`). */
export const exportStatement = (body: EndpointInput<typeof statementApi.statementExport>, opts: Options) =>
  download(statementApi.statementExport, body, opts);
