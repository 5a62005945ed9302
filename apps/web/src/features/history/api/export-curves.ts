import { type CurveExportFormat, type CurveItem, curveSetApi } from '@ess/contract';
import { type DownloadProgress, download } from '@/lib/api/client';

/**
 * The chart's series as a CSV or Excel file (`pointCurveExport`), saved by the browser; the
 * progress callback follows the bytes as they arrive (large exports).
 */
export const exportCurves = (
  body: { stationId: number; items: readonly CurveItem[]; from: number; to: number; format: CurveExportFormat },
  opts: { fallbackName: string; onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal },
) => download(curveSetApi.pointCurveExport, { ...body, items: [...body.items] }, opts);
