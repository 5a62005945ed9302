import { ResultCode } from '@ess/contract';
import type ExcelJS from 'exceljs';
import { AppError } from './app-error';
import { ARCHIVE_CAPS } from './archive-guard';
import { loadWorkbook } from './archive-guard-workbook';

/** A cell of an uploaded sheet as plain text or number, trimmed; an empty cell is null. */
export type SheetCell = string | number | boolean | null;

/** A cell as plain text or number (rich text joined, a formula's result, a link's text). */
export function cellValue(v: ExcelJS.CellValue): SheetCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    // The export prefixes text that starts like a formula with an apostrophe; take it off.
    const s = /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v;
    return s.trim() === '' ? null : s.trim();
  }
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if ('richText' in v) return cellValue(v.richText.map((r) => r.text).join(''));
  if ('result' in v) return cellValue((v.result ?? null) as ExcelJS.CellValue);
  if ('text' in v && typeof v.text === 'string') return cellValue(v.text);
  return null;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The first sheet of an uploaded workbook, if it is one: within `maxBytes`, a zip (not a renamed
 * file) that passes the archive guard (a sheet that unpacks past a few MB is refused from the
 * zip's directory, before anything is inflated) and that ExcelJS opens.
 */
export async function openUploadedSheet(bytes: Buffer, maxBytes: number): Promise<ExcelJS.Worksheet> {
  if (bytes.length > maxBytes)
    throw new AppError(400, ResultCode.BAD_REQUEST, 'importTooLarge', { size: Math.round(maxBytes / 1024) });
  const notXlsx = () => new AppError(400, ResultCode.BAD_REQUEST, 'importNotXlsx');
  if (bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw notXlsx();
  const book = await loadWorkbook(bytes, ARCHIVE_CAPS.spreadsheet).catch((e: unknown) => {
    // The guard's caps and an encrypted file keep their own message; a damaged zip is no xlsx.
    throw e instanceof AppError && e.key !== 'archiveMalformed' ? e : notXlsx();
  });
  const sheet = book.worksheets[0];
  if (!sheet) throw notXlsx();
  return sheet;
}

/**
 * The columns a header row names, by key: a header is its key, or its key and a label after a
 * space (`sharp (尖)`), so an export's headers read in any language. Unknown headers are ignored.
 */
export function headerColumns<K extends string>(sheet: ExcelJS.Worksheet, keys: readonly K[]): Map<K, number> {
  const header = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const word = String(cellValue(cell.value) ?? '').split(' ')[0];
    const key = keys.find((k) => k === word);
    if (key && !header.has(key)) header.set(key, col);
  });
  return header;
}
