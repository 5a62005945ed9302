import type { IncomeExportBody } from '@ess/contract';
import { type DownloadProgress, download } from '@/lib/api/download';

/** The charge-discharge data as a CSV or Excel file (permission `surveillance:charge:export`). */
export const exportIncome = (
  body: IncomeExportBody,
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void },
) => download('/business/openStation/incomeExport', body, opts);
