import { type CarbonBody, carbonApi, type EndpointInput } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { type DownloadProgress, download } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** Today's figures grow by the quarter hour; a range that includes today refreshes this often. */
const TODAY_REFRESH_MS = 5 * 60_000;

export const useCarbonFigures = (body: CarbonBody | null, includesToday: boolean) =>
  useEndpoint(carbonApi.carbonFigures, body, {
    staleTime: 60_000,
    refetchInterval: includesToday ? TODAY_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });

type Options = { fallbackName: string; onProgress?: (p: DownloadProgress) => void };

/** The figures as a CSV or Excel file (permission `revenue:carbon:export`). */
export const exportCarbon = (body: EndpointInput<typeof carbonApi.carbonExport>, opts: Options) =>
  download(carbonApi.carbonExport, body, opts);
