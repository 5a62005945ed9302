import ExcelJS from 'exceljs';
import { ARCHIVE_CAPS, type ArchiveCaps, readArchive } from './archive-guard';
import { storedZip } from './archive-guard-stored-zip';

/**
 * An uploaded workbook (.xlsx) through the archive guard. ExcelJS inflates every part of the
 * zip it is given, whatever sizes the zip declares; so it gets the guard's checked parts again,
 * stored uncompressed, and has nothing left to inflate. Refusals are the guard's AppErrors;
 * anything ExcelJS cannot read throws its own error for the caller to name.
 */
export async function loadWorkbook(bytes: Buffer, caps: ArchiveCaps = ARCHIVE_CAPS.spreadsheet) {
  const files = await readArchive(bytes, caps);
  const book = new ExcelJS.Workbook();
  // ExcelJS's own Buffer type predates Node's generic one.
  await book.xlsx.load(storedZip(files) as unknown as ExcelJS.Buffer);
  return book;
}
