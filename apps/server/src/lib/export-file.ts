import { addDays, CSV_BOM, csvText, localDayStart, neutralCell, zoneLabel } from '@ess/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition';

export type ExportColumn = { key: string; header: string; width?: number };
export type ExportSheet = { name: string; columns: ExportColumn[]; rows: Record<string, string | number | null>[] };
export type ExportFormat = 'csv' | 'xlsx';

/**
 * The header of a time column, naming the clock its cells read: `Time (Asia/Shanghai,
 * UTC+08:00)`, both offsets when clocks change between `from` and `to` (instants).
 */
export const zonedHeader = (header: string, timeZone: string, from: number, to = from): string =>
  `${header} (${zoneLabel(timeZone, from, to)})`;

/** The header of a column of the station's dates or months from `fromDate` to `toDate` (YYYY-MM-DD). */
export const datesHeader = (header: string, timeZone: string, fromDate: string, toDate: string): string =>
  zonedHeader(header, timeZone, localDayStart(fromDate, timeZone), localDayStart(addDays(toDate, 1), timeZone) - 1);

/** The first sheet as CSV, UTF-8 with a byte-order mark so Excel reads Chinese correctly. */
export function toCsv(sheet: ExportSheet): Buffer {
  const text = csvText(
    sheet.columns.map((c) => c.header),
    sheet.rows.map((r) => sheet.columns.map((c) => r[c.key] ?? null)),
  );
  return Buffer.from(`${CSV_BOM}${text}`, 'utf8');
}

export async function toXlsx(sheets: ExportSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'ess-platform';
  for (const s of sheets) {
    // Sheet names: at most 31 characters, none of []:*?/\
    const ws = book.addWorksheet(s.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet');
    ws.columns = s.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width ?? Math.max(10, c.header.length + 4),
    }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const r of s.rows) ws.addRow(Object.fromEntries(s.columns.map((c) => [c.key, neutralCell(r[c.key] ?? null)])));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Sends sheets as a downloaded file (`<name>.csv` or `<name>.xlsx`). */
/** An export as a file: the bytes, their content type and the file's name (a CSV holds the first sheet). */
export async function exportBytes(
  format: ExportFormat,
  name: string,
  sheets: ExportSheet[],
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const [first] = sheets;
  const bytes = format === 'csv' ? toCsv(first ?? { name, columns: [], rows: [] }) : await toXlsx(sheets);
  return { bytes, contentType: TYPES[format], fileName: `${name}.${format}` };
}

export async function sendExport(reply: FastifyReply, format: ExportFormat, name: string, sheets: ExportSheet[]) {
  const { bytes: body, fileName: file } = await exportBytes(format, name, sheets);
  return reply
    .header('content-type', TYPES[format])
    .header('content-disposition', attachmentDisposition(file))
    .header('cache-control', 'no-store')
    .send(body);
}
