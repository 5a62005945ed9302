import { type IncomeExportBody, monitoringApi } from '@ess/contract';
import { type DownloadProgress, download } from '@/lib/api/client';

/** The charge-discharge data as a CSV or Excel file (permission `surveillance:charge:export`). */
export const exportIncome = (
  body: IncomeExportBody,
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void },
) => download(monitoringApi.incomeExport, body, opts);
