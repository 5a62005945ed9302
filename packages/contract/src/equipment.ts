/**
 * Equipment and models (issue 13 part 7): model types, device models with their point lists,
 * EMS models and the device models they support, devices of a station and EMS devices.
 * Names come in four languages on input and in the request's language on output.
 */
import { z } from 'zod';
import { base64File } from './base64-file';
import { DEVICE_STATUSES, DEVICE_TYPES, type DeviceType, POINT_KINDS, type PointKind } from './device';
import { pointCode } from './device-api';
import { LANGS, type Names } from './i18n';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { TOPIC_SEGMENT } from './protocol';
import { valueLimit } from './value-limits';

/** Device types a model may have: a virtual device has no model (its points are formulas). */
export const MODEL_DEVICE_TYPES = DEVICE_TYPES.filter(
  (t): t is Exclude<DeviceType, 'virtual'> => t !== 'virtual',
) as unknown as readonly [Exclude<DeviceType, 'virtual'>, ...Exclude<DeviceType, 'virtual'>[]];
export type ModelDeviceType = Exclude<DeviceType, 'virtual'>;

export const EQUIPMENT_LIMITS = {
  codeMax: 32,
  nameMax: 64,
  unitMax: 16,
  pointsMax: 500,
  precisionMax: 6,
  sortMax: 99_999,
  /** Money and rated figures: ±99,999,999 like every amount the platform takes. */
  amountMax: 99_999_999,
  reportIntervalMax: 86_400,
  /** A point list file larger than this is refused before it is read. */
  importBytesMax: 512 * 1024,
  relevancyMax: 200,
} as const;

/** A model or model-type code: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const MODEL_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
export const modelCode = z.string().trim().regex(MODEL_CODE, 'letters, digits, . _ - (at most 32)');

const nameText = z.string().trim().min(1).max(EQUIPMENT_LIMITS.nameMax);
const optionalName = z
  .string()
  .trim()
  .max(EQUIPMENT_LIMITS.nameMax)
  .optional()
  .transform((s) => s || undefined);

/** Names in four languages; Chinese is required, a missing translation falls back to it. */
export const namesInput = z.object({
  zh_CN: nameText,
  en_US: optionalName,
  es_ES: optionalName,
  ja_JP: optionalName,
});
export type NamesInput = z.input<typeof namesInput>;

/** Every language filled: a missing translation takes the Chinese name. */
export const fillNames = (n: z.output<typeof namesInput>): Names =>
  Object.fromEntries(LANGS.map((l) => [l, n[l] ?? n.zh_CN])) as Names;

const finite = z.number().min(-EQUIPMENT_LIMITS.amountMax).max(EQUIPMENT_LIMITS.amountMax);
const amount = z.number().min(0).max(EQUIPMENT_LIMITS.amountMax);
const sort = z.number().int().min(0).max(EQUIPMENT_LIMITS.sortMax);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => s || null);

// ---------------------------------------------------------------- model types

export const modelTypeBody = z.object({
  code: modelCode,
  names: namesInput,
  deviceType: z.enum(MODEL_DEVICE_TYPES),
  sort: sort.default(0),
});
export type ModelTypeBody = z.infer<typeof modelTypeBody>;
export const modelTypeUpdateBody = modelTypeBody.extend({ id: rowId });
export type ModelTypeUpdateBody = z.infer<typeof modelTypeUpdateBody>;

export const modelTypeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  names: z.record(z.enum(LANGS), z.string()),
  deviceType: z.enum(MODEL_DEVICE_TYPES),
  deviceTypeName: z.string(),
  sort: z.number().int(),
  /** Device models of this type. */
  modelCount: z.number().int(),
});
export type ModelTypeRow = z.infer<typeof modelTypeRow>;

export const modelTypePageBody = pageQuery(['code', 'deviceType', 'sort'], {
  keyword: searchText(),
  deviceType: z.enum(MODEL_DEVICE_TYPES).optional(),
});
export type ModelTypePageBody = z.infer<typeof modelTypePageBody>;
export const modelTypePage = pageOf(modelTypeRow);
export const modelTypeListBody = z.object({ deviceType: z.enum(MODEL_DEVICE_TYPES).optional() });

// ---------------------------------------------------------------- device models and points

/** A state value of a status or control point: an integer code. */
export const STATE_KEY = /^-?\d{1,9}$/;

export const modelPointInput = z.object({
  code: pointCode,
  names: namesInput,
  unit: optionalText(EQUIPMENT_LIMITS.unitMax),
  kind: z.enum(POINT_KINDS),
  precision: z.number().int().min(0).max(EQUIPMENT_LIMITS.precisionMax),
  min: finite.nullish().transform((v) => v ?? null),
  max: finite.nullish().transform((v) => v ?? null),
  counter: z.boolean().default(false),
  /** Reported at every interval (other points every few): a hint for gateways and the simulator. */
  fast: z.boolean().default(false),
  states: z
    .record(z.string().regex(STATE_KEY, 'an integer'), namesInput)
    .nullish()
    .transform((v) => v ?? null),
  limit: valueLimit.nullish().transform((v) => v ?? null),
});
export type ModelPointInput = z.input<typeof modelPointInput>;
export type ModelPointValues = z.output<typeof modelPointInput>;

/** Why a point is not acceptable beyond its fields (the server and the form say each in four languages). */
export type ModelPointProblem = 'minMax' | 'counterKind' | 'statesKind';

/**
 * Rules between a point's fields: the range in order, an energy counter is a telemetry point,
 * state labels only on status and control points.
 */
export function modelPointProblem(p: {
  kind: PointKind;
  min: number | null;
  max: number | null;
  counter: boolean;
  states: Record<string, unknown> | null;
}): ModelPointProblem | null {
  if (p.min !== null && p.max !== null && p.min > p.max) return 'minMax';
  if (p.counter && p.kind !== 'telemetry') return 'counterKind';
  if (p.states && Object.keys(p.states).length > 0 && p.kind !== 'status' && p.kind !== 'control') return 'statesKind';
  return null;
}

/** Codes that occur more than once, with the 1-based positions of each occurrence. */
export function duplicatePointCodes(codes: readonly string[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  for (const [i, c] of codes.entries()) at.set(c, [...(at.get(c) ?? []), i + 1]);
  return new Map([...at].filter(([, list]) => list.length > 1));
}

export const ratedInput = z
  .object({ powerKw: amount.optional(), energyKwh: amount.optional(), pvKwp: amount.optional() })
  .strict();

const modelFields = {
  code: modelCode,
  names: namesInput,
  modelTypeId: rowId.nullish().transform((v) => v ?? null),
  manufacturer: optionalText(EQUIPMENT_LIMITS.nameMax),
  rated: ratedInput.default({}),
  points: z.array(modelPointInput).max(EQUIPMENT_LIMITS.pointsMax).default([]),
};

export const deviceModelBody = z.object({ ...modelFields, deviceType: z.enum(MODEL_DEVICE_TYPES) });
export type DeviceModelBody = z.infer<typeof deviceModelBody>;
export const deviceModelUpdateBody = deviceModelBody.extend({ id: rowId });
export type DeviceModelUpdateBody = z.infer<typeof deviceModelUpdateBody>;
/** An EMS model: a device model whose type is always `ems`. */
export const emsModelBody = z.object(modelFields);
export const emsModelUpdateBody = emsModelBody.extend({ id: rowId });

export const modelPoint = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  names: z.record(z.enum(LANGS), z.string()),
  unit: z.string().nullable(),
  kind: z.enum(POINT_KINDS),
  precision: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  counter: z.boolean(),
  fast: z.boolean(),
  states: z.record(z.string(), z.record(z.enum(LANGS), z.string())).nullable(),
  limit: valueLimit.nullable(),
  sort: z.number().int(),
});
export type ModelPoint = z.infer<typeof modelPoint>;

export const deviceModelRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  names: z.record(z.enum(LANGS), z.string()),
  deviceType: z.enum(MODEL_DEVICE_TYPES),
  deviceTypeName: z.string(),
  modelTypeId: z.number().int().nullable(),
  modelTypeName: z.string().nullable(),
  manufacturer: z.string().nullable(),
  rated: z.object({ powerKw: z.number().optional(), energyKwh: z.number().optional(), pvKwp: z.number().optional() }),
  pointCount: z.number().int(),
  /** Devices of this model: a model in use cannot be deleted. */
  deviceCount: z.number().int(),
});
export type DeviceModelRow = z.infer<typeof deviceModelRow>;

/**
 * A model with its points. `pendingRemoval`: codes the model no longer has that devices of the
 * model still carry (kept, with their history, until an administrator removes them).
 */
export const deviceModelDetail = deviceModelRow.extend({
  points: z.array(modelPoint),
  pendingRemoval: z.array(z.object({ code: z.string(), devices: z.number().int() })),
});
export type DeviceModelDetail = z.infer<typeof deviceModelDetail>;

export const deviceModelPageBody = pageQuery(['code', 'deviceType', 'manufacturer'], {
  keyword: searchText(),
  deviceType: z.enum(MODEL_DEVICE_TYPES).optional(),
  modelTypeId: rowId.optional(),
});
export const deviceModelPage = pageOf(deviceModelRow);
export const emsModelPageBody = pageQuery(['code', 'manufacturer'], { keyword: searchText() });

export const deviceModelOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceType: z.enum(MODEL_DEVICE_TYPES),
  manufacturer: z.string().nullable(),
});
export type DeviceModelOption = z.infer<typeof deviceModelOption>;
export const deviceModelListBody = z.object({ deviceType: z.enum(MODEL_DEVICE_TYPES).optional() });

export const modelIdBody = z.object({ id: rowId });
export const modelIdParams = z.object({ id: rowId });

/** A point list file (.xlsx) as base64; the server checks that it really is one. */
export const pointImportBody = z.object({
  id: rowId,
  file: base64File(EQUIPMENT_LIMITS.importBytesMax),
});
export type PointImportBody = z.infer<typeof pointImportBody>;

/** Rows that failed, by spreadsheet row number (the header is row 1); any error and nothing changed. */
export const pointImportResult = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type PointImportResult = z.infer<typeof pointImportResult>;

/** What a change of a model's points did to the devices of the model. */
export const modelSaveResult = z.object({
  id: z.number().int(),
  /** Points added to devices of the model. */
  devicePointsAdded: z.number().int(),
  /** Codes the model dropped that its devices still carry (see `pendingRemoval`). */
  pendingRemoval: z.array(z.object({ code: z.string(), devices: z.number().int() })),
});
export type ModelSaveResult = z.infer<typeof modelSaveResult>;

/** The columns of a point list file, in order. */
export const POINT_SHEET_COLUMNS = [
  'code',
  'name_zh_CN',
  'name_en_US',
  'name_es_ES',
  'name_ja_JP',
  'unit',
  'kind',
  'precision',
  'min',
  'max',
  'counter',
  'fast',
  'states',
  'limit',
] as const;

// ---------------------------------------------------------------- EMS model relevancy

export const relevancyRow = z.object({
  emsModelId: z.number().int(),
  emsModelCode: z.string(),
  emsModelName: z.string(),
  models: z.array(deviceModelOption),
});
export type RelevancyRow = z.infer<typeof relevancyRow>;
export const relevancyPageBody = pageQuery(['code'], { keyword: searchText() });
export const relevancyPage = pageOf(relevancyRow);
export const relevancySaveBody = z.object({
  emsModelId: rowId,
  modelIds: z.array(rowId).max(EQUIPMENT_LIMITS.relevancyMax),
});
export type RelevancySaveBody = z.infer<typeof relevancySaveBody>;

// ---------------------------------------------------------------- devices

const equipmentFields = {
  name: nameText,
  sn: z.string().trim().regex(TOPIC_SEGMENT, 'letters, digits, . _ - (at most 64)'),
  parentId: rowId.nullish().transform((v) => v ?? null),
  manufacturer: optionalText(EQUIPMENT_LIMITS.nameMax),
  unitPrice: amount.nullish().transform((v) => v ?? null),
  serviceFee: amount.nullish().transform((v) => v ?? null),
  reportIntervalS: z.number().int().min(1).max(EQUIPMENT_LIMITS.reportIntervalMax).default(10),
  sort: sort.default(0),
};

export const equipmentAddBody = z.object({ stationId: rowId, modelId: rowId, ...equipmentFields });
export type EquipmentAddBody = z.infer<typeof equipmentAddBody>;
/** The model (and so the type and points) of a device is fixed once it exists. */
export const equipmentUpdateBody = z.object({ id: rowId, ...equipmentFields });
export type EquipmentUpdateBody = z.infer<typeof equipmentUpdateBody>;

export const equipmentRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  name: z.string(),
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  typeName: z.string(),
  modelId: z.number().int().nullable(),
  modelCode: z.string().nullable(),
  modelName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  manufacturer: z.string().nullable(),
  unitPrice: z.number().nullable(),
  serviceFee: z.number().nullable(),
  reportIntervalS: z.number().int(),
  sort: z.number().int(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.number().int().nullable(),
  pointCount: z.number().int(),
});
export type EquipmentRow = z.infer<typeof equipmentRow>;

export const equipmentPageBody = pageQuery(['name', 'sn', 'type', 'sort'], {
  stationId: rowId,
  keyword: searchText(),
  type: z.enum(MODEL_DEVICE_TYPES).optional(),
  modelId: rowId.optional(),
});
export const equipmentPage = pageOf(equipmentRow);
export const equipmentIdBody = z.object({ id: rowId });

export const emsEquipmentRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  stationId: z.number().int(),
  stationName: z.string(),
  modelId: z.number().int().nullable(),
  modelCode: z.string().nullable(),
  modelName: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.number().int().nullable(),
  /** Every device below the EMS in the station's tree, depth first. */
  devices: z.array(
    z.object({
      id: z.number().int(),
      sn: z.string(),
      name: z.string(),
      type: z.enum(DEVICE_TYPES),
      typeName: z.string(),
      modelCode: z.string().nullable(),
      parentId: z.number().int().nullable(),
    }),
  ),
});
export type EmsEquipmentRow = z.infer<typeof emsEquipmentRow>;
export const emsEquipmentPageBody = pageQuery(['name', 'sn', 'stationName'], {
  stationId: rowId.optional(),
  keyword: searchText(),
});
export type EmsEquipmentPageBody = z.infer<typeof emsEquipmentPageBody>;
export const emsEquipmentPage = pageOf(emsEquipmentRow);
