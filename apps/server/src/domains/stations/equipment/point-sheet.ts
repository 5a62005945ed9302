import {
  duplicatePointCodes,
  EQUIPMENT_LIMITS,
  type Lang,
  type ModelPoint,
  type ModelPointValues,
  modelPointInput,
  modelPointProblem,
  POINT_SHEET_COLUMNS,
  ResultCode,
} from '@ess/contract';
import { type MessageKey, translate } from '../../../i18n/messages';
import { AppError } from '../../../lib/app-error';
import type { ExportSheet } from '../../../lib/export-file';
import { cellValue, headerColumns, openUploadedSheet, type SheetCell } from '../../../lib/workbook-read';

/**
 * A model's point list as a spreadsheet and back. The columns are POINT_SHEET_COLUMNS (stable
 * keys, so a file exported in one language imports in any); names per language, states and
 * limits as JSON text, counter as true/false.
 */
type Column = (typeof POINT_SHEET_COLUMNS)[number];

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

export function pointSheet(name: string, points: ModelPoint[]): ExportSheet {
  const rows = points.map((p) => ({
    code: p.code,
    name_zh_CN: p.names.zh_CN ?? '',
    name_en_US: p.names.en_US ?? '',
    name_es_ES: p.names.es_ES ?? '',
    name_ja_JP: p.names.ja_JP ?? '',
    unit: p.unit,
    kind: p.kind,
    precision: p.precision,
    min: p.min,
    max: p.max,
    counter: p.counter ? 'true' : 'false',
    fast: p.fast ? 'true' : 'false',
    states: json(p.states),
    limit: json(p.limit),
  }));
  return {
    name,
    columns: POINT_SHEET_COLUMNS.map((key) => ({ key, header: key, width: key.startsWith('name') ? 24 : 14 })),
    rows,
  };
}

type Cell = SheetCell;

/** The point list file's sheet (EQUIPMENT_LIMITS.importBytesMax, the archive guard's caps). */
const openWorkbook = (bytes: Buffer) => openUploadedSheet(bytes, EQUIPMENT_LIMITS.importBytesMax);

export type SheetRowError = { row: number; message: string };

const text = (c: Cell): string | null => (c === null ? null : String(c));
const num = (c: Cell): number | string | null =>
  c === null ? null : typeof c === 'number' ? c : Number.isFinite(Number(c)) ? Number(c) : String(c);
const bool = (c: Cell): boolean | string => {
  if (c === null) return false;
  if (typeof c === 'boolean') return c;
  const s = String(c).toLowerCase();
  return s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : String(c);
};
const parsed = (c: Cell): unknown => {
  if (c === null) return null;
  try {
    return JSON.parse(String(c));
  } catch {
    return String(c);
  }
};

/** Which column a schema path names (for the row's message). */
const FIELD_COLUMN: Record<string, Column> = {
  code: 'code',
  unit: 'unit',
  kind: 'kind',
  precision: 'precision',
  min: 'min',
  max: 'max',
  counter: 'counter',
  fast: 'fast',
  states: 'states',
  limit: 'limit',
};
const nameColumn = (lang: unknown): Column =>
  POINT_SHEET_COLUMNS.find((c) => c === `name_${String(lang)}`) ?? 'name_zh_CN';

/**
 * Reads and checks every row of a point list file. Any error: the errors by row (row 1 is
 * the header) and no points; else every point in file order.
 */
export async function readPointSheet(
  bytes: Buffer,
  lang: Lang,
): Promise<{ points: ModelPointValues[]; errors: SheetRowError[] }> {
  const sheet = await openWorkbook(bytes);
  const header = headerColumns(sheet, POINT_SHEET_COLUMNS);
  for (const column of ['code', 'name_zh_CN', 'kind'] as const)
    if (!header.has(column)) throw new AppError(400, ResultCode.BAD_REQUEST, 'importMissingColumn', { column });
  if (sheet.rowCount > EQUIPMENT_LIMITS.pointsMax + 1)
    throw new AppError(400, ResultCode.BAD_REQUEST, 'importTooManyRows', { max: EQUIPMENT_LIMITS.pointsMax });

  const errors: SheetRowError[] = [];
  const points: { row: number; point: ModelPointValues }[] = [];
  const say = (row: number, key: MessageKey, params: Record<string, string | number>) =>
    errors.push({ row, message: translate(lang, 'importRow', { row, detail: translate(lang, key, params) }) });

  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const get = (c: Column): Cell => {
      const col = header.get(c);
      return col === undefined ? null : cellValue(row.getCell(col).value);
    };
    if (POINT_SHEET_COLUMNS.every((c) => get(c) === null)) continue;
    const input = {
      code: text(get('code')) ?? '',
      names: {
        zh_CN: text(get('name_zh_CN')) ?? '',
        en_US: text(get('name_en_US')) ?? undefined,
        es_ES: text(get('name_es_ES')) ?? undefined,
        ja_JP: text(get('name_ja_JP')) ?? undefined,
      },
      unit: text(get('unit')),
      kind: text(get('kind')) ?? '',
      precision: num(get('precision')) ?? 0,
      min: num(get('min')),
      max: num(get('max')),
      counter: bool(get('counter')),
      fast: bool(get('fast')),
      states: parsed(get('states')),
      limit: parsed(get('limit')),
    };
    const result = modelPointInput.safeParse(input);
    if (!result.success) {
      const seen = new Set<Column>();
      for (const issue of result.error.issues) {
        const [first, second] = issue.path;
        const column = first === 'names' ? nameColumn(second) : (FIELD_COLUMN[String(first)] ?? 'code');
        if (seen.has(column)) continue;
        seen.add(column);
        say(r, 'importFieldInvalid', { field: column, value: String(get(column) ?? '').slice(0, 40) });
      }
      continue;
    }
    const problem = modelPointProblem(result.data);
    if (problem) {
      say(r, PROBLEM_KEY[problem], { code: result.data.code });
      continue;
    }
    points.push({ row: r, point: result.data });
  }
  for (const [code, at] of duplicatePointCodes(points.map((p) => p.point.code))) {
    const rows = at.map((i) => points[i - 1]?.row ?? 0);
    for (const row of rows.slice(1)) say(row, 'importDuplicateRow', { code, first: rows[0] ?? 0 });
  }
  if (errors.length === 0 && points.length === 0) throw new AppError(400, ResultCode.BAD_REQUEST, 'importEmpty');
  errors.sort((a, b) => a.row - b.row);
  return errors.length ? { points: [], errors } : { points: points.map((p) => p.point), errors };
}

export const PROBLEM_KEY = {
  minMax: 'pointMinMax',
  counterKind: 'pointCounterKind',
  statesKind: 'pointStatesKind',
} as const satisfies Record<string, MessageKey>;
