import { reportApi, type StationReportExportBody } from '@ess/contract';
import { type DownloadProgress, download } from '@/lib/api/client';

/** The report as an Excel or CSV file saved by the browser ("no data" is a spec 8 warning). */
export const exportStationReport = (body: StationReportExportBody, onProgress?: (p: DownloadProgress) => void) =>
  download(reportApi.stationReportExport, body, {
    fallbackName: `station-report-${body.from}_${body.to}.${body.format}`,
    onProgress,
  });
