import { z } from 'zod';

export const STATION_TYPES = ['operating', 'construction', 'proposed'] as const;
export type StationType = (typeof STATION_TYPES)[number];

export const station = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  province: z.string(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  gridConnectionTime: z.string().nullable(),
  type: z.enum(STATION_TYPES),
  longitude: z.number(),
  latitude: z.number(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  orgId: z.number().int(),
});
export type Station = z.infer<typeof station>;

/** Cascader node: provinces hold stations; `isLeaf` marks a station. */
export type StationTreeNode = {
  id: string;
  name: string;
  isLeaf: boolean;
  station: Station | null;
  children: StationTreeNode[];
};
export const stationTreeNode: z.ZodType<StationTreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    isLeaf: z.boolean(),
    station: station.nullable(),
    children: z.array(stationTreeNode),
  }),
);

export const stationIdBody = z.object({ stationId: z.coerce.number().int().positive() });

export const weatherInfo = z.object({
  skyCon: z.string(),
  minTemperature: z.number().int(),
  maxTemperature: z.number().int(),
  cityzh: z.string(),
  speedAndDirection: z.string(),
  /** Where the numbers come from: `offline-solar-model` or a provider name. */
  source: z.string(),
});
export type WeatherInfo = z.infer<typeof weatherInfo>;
