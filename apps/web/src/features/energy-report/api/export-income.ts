import { type IncomeExportBody, monitoringApi } from '@ess/contract';
import { type DownloadProgress, download } from '@/lib/api/client';

type Options = { fallbackName: string; onProgress?: (p: DownloadProgress) => void };

/** The charge-discharge data as a CSV or Excel file (permission `surveillance:charge:export`). */
export const exportIncome = (body: IncomeExportBody, opts: Options) => download(monitoringApi.incomeExport, body, opts);

/**
 * The earnings glance (revenue per day, month and TOU period, the price template) as a CSV or
 * Excel file; the same permission as the charge-discharge export.
 */
export const exportEarnings = (body: IncomeExportBody, opts: Options) =>
  download(monitoringApi.earningsExport, body, opts);
