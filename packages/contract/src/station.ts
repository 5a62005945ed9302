import { z } from 'zod';
import { rowId } from './ids';
import { PROVINCE_CODES } from './provinces';

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
