import { z } from 'zod';
import { rowId } from './ids';
import { pageQuery, searchText } from './paging';
import { PROVINCE_CODES } from './provinces';
import { localDate } from './time-schema';

export const STATION_TYPES = ['operating', 'construction', 'proposed'] as const;
export type StationType = (typeof STATION_TYPES)[number];

/** Station of spec 3, as the API returns it. */
export const station = z.object({
  id: z.number().int(),
  /** Short unique code; also the MQTT topic segment of the station's devices. */
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  provinceCode: z.enum(PROVINCE_CODES),
  /** Province name in the request's language. */
  province: z.string(),
  city: z.string().nullable(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  gridConnectionTime: z.string().nullable(),
  type: z.enum(STATION_TYPES),
  longitude: z.number(),
  latitude: z.number(),
  /** IANA time zone of the site (e.g. `Asia/Shanghai`): its local days, TOU clock and navbar clock. */
  timezone: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  orgId: z.number().int(),
  /** The navbar shows no weather block for this station (spec 2 "certain station ids"). */
  showWeather: z.boolean(),
  /** The interface is forced to Chinese while this station is selected (spec 2). */
  forceChinese: z.boolean(),
});
export type Station = z.infer<typeof station>;

/** Cascader leaf: a station, with every station field. */
export const stationNode = station.extend({ kind: z.literal('station') });
export type StationNode = z.infer<typeof stationNode>;

/** Cascader level 1: a province holding the caller's stations there. */
export const provinceNode = z.object({
  kind: z.literal('province'),
  /** `province:<code>`, never equal to a station id. */
  id: z.string(),
  code: z.enum(PROVINCE_CODES),
  name: z.string(),
  children: z.array(stationNode),
});
export type ProvinceNode = z.infer<typeof provinceNode>;

export const stationTree = z.array(provinceNode);
export type StationTree = z.infer<typeof stationTree>;

export const stationIdBody = z.object({ stationId: rowId });

// ---------- station management (/system/department, spec 7 station calls) ----------

/** Largest capacity and rated power a station form accepts (spec 5 "up to 200,000,000"). */
export const STATION_NUMBER_MAX = 200_000_000;
/** Largest logo accepted, in bytes. */
export const STATION_LOGO_MAX_BYTES = 1024 * 1024;
/** Logo formats accepted, recognised by their first bytes (never by name or declared type). */
export const STATION_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type StationLogoType = (typeof STATION_LOGO_TYPES)[number];
/** Station codes are the MQTT topic segment of its devices: no `/`, `+`, `#` or spaces. */
export const STATION_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A station as station management lists it: every field, its organisation and what hangs on it. */
export const stationAdmin = station.extend({
  /** The city as entered (the form edits this; `city` is its name in the request's language). */
  cityEntered: z.string().nullable(),
  orgName: z.string().nullable(),
  hasLogo: z.boolean(),
  deviceCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type StationAdmin = z.infer<typeof stationAdmin>;

export const STATION_SORTABLE = [
  'code',
  'name',
  'ratedPowerKw',
  'capacityKwh',
  'gridConnectionTime',
  'createTime',
] as const;
export const stationPageBody = pageQuery(STATION_SORTABLE, {
  /** Part of the name or code. */
  name: searchText(),
  type: z.enum(STATION_TYPES).optional(),
  /** The organisation or any organisation below it. */
  orgId: rowId.optional(),
  provinceCode: z.enum(PROVINCE_CODES).optional(),
});
export type StationPageBody = z.infer<typeof stationPageBody>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

/**
 * The station form. Numbers, coordinates, time zone and phone are only type-checked here: their
 * ranges are `stationProblem`'s, which the server answers with the form's own localized messages.
 */
const stationFields = {
  code: z.string().trim().min(1).max(32).regex(STATION_CODE_PATTERN),
  name: z.string().trim().min(1).max(64),
  address: optionalText(200),
  provinceCode: z.enum(PROVINCE_CODES),
  city: optionalText(64),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  gridConnectionTime: localDate.nullish().transform((s) => s ?? null),
  type: z.enum(STATION_TYPES),
  longitude: z.number(),
  latitude: z.number(),
  contact: optionalText(32),
  phone: z.string().trim().max(32),
  orgId: rowId,
  timezone: z.string().trim().max(64).default('Asia/Shanghai'),
  showWeather: z.boolean().default(true),
  forceChinese: z.boolean().default(false),
};
export const stationBody = z.object(stationFields);
export type StationBody = z.infer<typeof stationBody>;
export const stationUpdateBody = z.object({ id: rowId, ...stationFields });
export type StationUpdateBody = z.infer<typeof stationUpdateBody>;
export const stationIdParams = z.object({ id: rowId });

/** Why a station form is not acceptable: the field and the message key (server and form alike). */
export type StationProblem =
  | { field: 'ratedPowerKw' | 'capacityKwh' | 'longitude' | 'latitude' | 'timezone'; key: StationFieldProblem }
  /** Spec 5's phone rules: `validation.phoneEmpty`, `…Length` or `…Format`. */
  | { field: 'phone'; key: string };

/** Message keys of the station form's own checks (the phone has spec 5's `validation.*` keys). */
export type StationFieldProblem =
  | 'stationNumberRange'
  | 'stationLongitudeRange'
  | 'stationLatitudeRange'
  | 'stationTimezone';

const positiveUpTo = (v: number) => Number.isFinite(v) && v > 0 && v <= STATION_NUMBER_MAX;
export const checkStationNumber = (v: number): StationFieldProblem | null =>
  positiveUpTo(v) ? null : 'stationNumberRange';
export const checkLongitude = (v: number): StationFieldProblem | null =>
  Number.isFinite(v) && v >= -180 && v <= 180 ? null : 'stationLongitudeRange';
export const checkLatitude = (v: number): StationFieldProblem | null =>
  Number.isFinite(v) && v >= -90 && v <= 90 ? null : 'stationLatitudeRange';

/**
 * The first problem of a station form, or null. `isZone` is the time-zone check (contract
 * `isTimeZone`), `phone` spec 5's phone check (`checkPhone`), passed in to keep this file small.
 */
export function stationProblem(
  b: Pick<StationBody, 'ratedPowerKw' | 'capacityKwh' | 'longitude' | 'latitude' | 'timezone' | 'phone'>,
  checks: { isZone: (z: string) => boolean; phone: (v: string) => string | null },
): StationProblem | null {
  const own: [Exclude<StationProblem['field'], 'phone'>, StationFieldProblem | null][] = [
    ['ratedPowerKw', checkStationNumber(b.ratedPowerKw)],
    ['capacityKwh', checkStationNumber(b.capacityKwh)],
    ['longitude', checkLongitude(b.longitude)],
    ['latitude', checkLatitude(b.latitude)],
    ['timezone', checks.isZone(b.timezone) ? null : 'stationTimezone'],
  ];
  for (const [field, key] of own) if (key) return { field, key };
  const phone = checks.phone(b.phone);
  return phone ? { field: 'phone', key: phone } : null;
}

/** National listing (spec 3 "three levels"): province → city → station, in the caller's scope. */
export const nationStationLeaf = z.object({
  kind: z.literal('station'),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(STATION_TYPES),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  longitude: z.number(),
  latitude: z.number(),
});
const levelTotals = { stationCount: z.number().int(), ratedPowerKw: z.number(), capacityKwh: z.number() };
export const nationCity = z.object({
  kind: z.literal('city'),
  /** `city:<province code>:<city as stored>`. */
  id: z.string(),
  name: z.string(),
  ...levelTotals,
  children: z.array(nationStationLeaf),
});
export const nationProvince = z.object({
  kind: z.literal('province'),
  id: z.string(),
  code: z.enum(PROVINCE_CODES),
  name: z.string(),
  ...levelTotals,
  children: z.array(nationCity),
});
export const nationStations = z.object({ ...levelTotals, children: z.array(nationProvince) });
export type NationStations = z.infer<typeof nationStations>;
export type NationProvince = z.infer<typeof nationProvince>;
export type NationCity = z.infer<typeof nationCity>;

/** A logo upload: the image as base64 (at most STATION_LOGO_MAX_BYTES once decoded). */
export const stationLogoBody = z.object({
  id: rowId,
  data: z
    .string()
    .max(Math.ceil(STATION_LOGO_MAX_BYTES / 3) * 4 + 8)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export type StationLogoBody = z.infer<typeof stationLogoBody>;
export const stationLogoInfo = z.object({ contentType: z.enum(STATION_LOGO_TYPES), size: z.number().int() });

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type of a logo recognised by its first bytes only (server and upload form alike):
 * PNG, JPEG or WebP. Anything else (SVG, which can carry scripts, GIF, a renamed file) is null.
 */
export function stationLogoType(b: Uint8Array): StationLogoType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
