/**
 * CSV as exports write it, on the server (lib/export-file.ts) and in the browser (the list kit's
 * export): comma-separated, CRLF lines, quoted where needed, and text that a spreadsheet would
 * run as a formula (= + - @ tab CR first) prefixed with an apostrophe (numbers stay numbers).
 */
export type CsvValue = string | number | null;

/** The value as a spreadsheet must show it, never as a formula. */
export const neutralCell = (v: CsvValue): CsvValue => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

const csvCell = (v: CsvValue): string => {
  if (v === null) return '';
  const s = String(neutralCell(v));
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The header and rows as CSV text (no byte-order mark: the caller adds it for Excel). */
export const csvText = (header: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** UTF-8's byte-order mark: Excel then reads Chinese and Japanese text correctly. */
export const CSV_BOM = '\uFEFF';
