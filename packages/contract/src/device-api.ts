/**
 * Request and response shapes of the device, point, virtual-device and meter-role calls
 * (docs/api.md "Devices, points, monitoring, live"). Names come in the request's language.
 */
import { z } from 'zod';
import { DEFAULT_SENS_TYPE } from './constants';
import { DEVICE_STATUSES, DEVICE_TYPES, type DeviceType, METER_ROLES, type MeterRole, POINT_KINDS } from './device';
import { LANGS, type Names, names as n } from './i18n';
import { pageNumber, rowId } from './ids';
import { meterConnectionSchema } from './meter-connection';
import { TOPIC_SEGMENT } from './protocol';
import { valueLimit } from './value-limits';

// The meter's connection and the power quality judged against it travel with the meter calls.
export * from './meter-connection';
export * from './power-quality';

export const DEVICE_TYPE_NAMES: Record<DeviceType, Names> = {
  ems: n('能量管理系统', 'EMS', 'EMS', 'EMS'),
  pcs: n('储能变流器', 'PCS', 'PCS', 'PCS'),
  bms: n('电池簇', 'Battery cluster', 'Clúster de baterías', '電池クラスタ'),
  cabinet: n('储能一体柜', 'Integrated cabinet', 'Armario integrado', '一体型キャビネット'),
  meter: n('电表', 'Meter', 'Contador', '電力量計'),
  pv: n('光伏逆变器', 'PV inverter', 'Inversor fotovoltaico', '太陽光インバータ'),
  charger: n('充电桩', 'Charging pile', 'Cargador de VE', '充電器'),
  ac: n('空调', 'Air conditioner', 'Climatizador', '空調'),
  virtual: n('虚拟设备', 'Virtual device', 'Equipo virtual', '仮想機器'),
};

export const METER_ROLE_NAMES: Record<MeterRole, Names> = {
  gateway: n('关口表', 'Gateway meter', 'Contador de frontera', '取引用メーター'),
  storage: n('储能表', 'Storage meter', 'Contador de almacenamiento', '蓄電用メーター'),
  pv: n('光伏表', 'PV meter', 'Contador fotovoltaico', '太陽光メーター'),
  load: n('负荷表', 'Load meter', 'Contador de carga', '負荷メーター'),
};

/** A point code: the key devices use in MQTT `values`. */
/**
 * Names of Object.prototype members (`constructor`, `toString`, …): as keys of a JSON map of
 * values they break lookups and record validation, so no point may be called so.
 */
export const RESERVED_POINT_CODES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const pointCode = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a point code (letters, digits, _)')
  .refine((c) => !RESERVED_POINT_CODES.has(c), 'a reserved name (constructor, toString, …)');

export const deviceIdBody = z.object({ deviceId: rowId });
export const idParams = z.object({ id: rowId });

/** A node of the station's real-device tree (EMS → PCS → battery clusters, meters → PV, piles). */
export type DeviceNode = {
  id: number;
  sn: string;
  name: string;
  type: DeviceType;
  /** Device type in the request's language. */
  typeName: string;
  status: (typeof DEVICE_STATUSES)[number];
  modelCode: string | null;
  modelName: string | null;
  manufacturer: string | null;
  parentId: number | null;
  lastSeenAt: number | null;
  unitPrice: number | null;
  serviceFee: number | null;
  children: DeviceNode[];
};

export const deviceNode: z.ZodType<DeviceNode> = z
  .lazy(
    () =>
      z.object({
        id: z.number().int(),
        sn: z.string(),
        name: z.string(),
        type: z.enum(DEVICE_TYPES),
        typeName: z.string(),
        status: z.enum(DEVICE_STATUSES),
        modelCode: z.string().nullable(),
        modelName: z.string().nullable(),
        manufacturer: z.string().nullable(),
        parentId: z.number().int().nullable(),
        lastSeenAt: z.number().int().nullable(),
        unitPrice: z.number().nullable(),
        serviceFee: z.number().nullable(),
        children: z.array(deviceNode),
      }),
    // Named, so the OpenAPI document can refer to the recursive schema (components/schemas/DeviceNode).
  )
  .meta({ id: 'DeviceNode' });

/** The newest stored sample of a point; `text` is the state label of a status point. */
export const latestValue = z.object({ value: z.number(), ts: z.number().int(), text: z.string().nullable() });
export type LatestValue = z.infer<typeof latestValue>;

/** A point's definition, labels in the request's language. */
export const pointMeta = z.object({
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  kind: z.enum(POINT_KINDS),
  precision: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Monotonic energy counter (kWh). */
  counter: z.boolean(),
  /** Labels of a status or control point's values (value → label), else null. */
  states: z.record(z.string(), z.string()).nullable(),
  /** Where the value turns to warning and alarm on screen, from the device model. */
  limit: valueLimit.nullable(),
});
export type PointMeta = z.infer<typeof pointMeta>;

export const pointInfo = pointMeta.extend({ id: z.number().int() });
export type PointInfo = z.infer<typeof pointInfo>;

/** One row of `pointDataShowList`: every point of the device, value null until data arrived. */
export const pointData = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  kind: z.enum(POINT_KINDS),
  precision: z.number().int(),
  value: z.number().nullable(),
  ts: z.number().int().nullable(),
  text: z.string().nullable(),
});
export type PointData = z.infer<typeof pointData>;

export const deviceCredentials = z.object({ username: z.string(), password: z.string() });

export const latestByTypeBody = z.object({ stationId: rowId, type: z.enum(DEVICE_TYPES) });

/** A device with its latest values by point code. */
export const deviceLatest = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  status: z.enum(DEVICE_STATUSES),
  parentId: z.number().int().nullable(),
  lastSeenAt: z.number().int().nullable(),
  values: z.record(z.string(), latestValue),
});
export type DeviceLatest = z.infer<typeof deviceLatest>;

export const latestByTypeResult = z.object({
  type: z.enum(DEVICE_TYPES),
  /** Column definitions: the union of the devices' points, in model order. */
  points: z.array(pointMeta),
  devices: z.array(deviceLatest),
});
export type LatestByTypeResult = z.infer<typeof latestByTypeResult>;

/**
 * `sensType` of the point-configuration dialogs (spec 7, default 2 per spec 9): the value of the
 * `pointType` dictionary — 1 telemetry 遥测, 2 status 遥信, 3 control 遥控, 4 setpoint 遥调 — or
 * 0 for every kind.
 */
export const SENS_TYPES = [0, 1, 2, 3, 4] as const;
export const SENS_TYPE_KINDS = { 1: 'telemetry', 2: 'status', 3: 'control', 4: 'setpoint' } as const;

const sensType = z
  .union([z.number(), z.string().regex(/^\d$/)])
  .pipe(z.coerce.number<string | number>().int().min(0).max(4));

export const queryPointBody = z.object({
  stationId: rowId,
  /** A device of the station; absent or null: every device of the station. */
  srcId: rowId.nullish(),
  sensType: sensType.default(DEFAULT_SENS_TYPE),
});

/** A column a dialog may choose: `col` is the point code, `flgId` the point id. */
export const deviceTypeCol = z.object({
  col: z.string(),
  colName: z.string(),
  flgId: z.number().int(),
  unit: z.string().nullable(),
  kind: z.enum(POINT_KINDS),
  precision: z.number().int(),
});

export const queryPointItem = z.object({
  srcId: z.number().int(),
  sn: z.string(),
  deviceName: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  deviceTypeName: z.string(),
  deviceTypeColList: z.array(deviceTypeCol),
});
export type QueryPointItem = z.infer<typeof queryPointItem>;

export const queryVirtualPointBody = z.object({ stationId: rowId, deviceId: rowId.nullish() });

/** A point of a virtual device: a formula over real points, computed on ingest. */
export const virtualPoint = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  names: z.record(z.enum(LANGS), z.string()),
  unit: z.string().nullable(),
  precision: z.number().int(),
  formula: z.string(),
  value: z.number().nullable(),
  ts: z.number().int().nullable(),
});
export type VirtualPoint = z.infer<typeof virtualPoint>;

export const virtualDevice = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  sn: z.string(),
  name: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  points: z.array(virtualPoint),
});
export type VirtualDevice = z.infer<typeof virtualDevice>;

/** Rows of `queryVirtualPoint`: a virtual point with its device. */
export const virtualPointRow = virtualPoint.extend({
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string(),
});

export const virtualPointInput = z.object({
  code: pointCode,
  /** Name in every language unless `names` gives others. */
  name: z.string().trim().min(1).max(64),
  names: z.partialRecord(z.enum(LANGS), z.string().trim().min(1).max(64)).optional(),
  unit: z.string().trim().max(16).nullish(),
  precision: z.number().int().min(0).max(6).default(1),
  formula: z.string().trim().min(1).max(2000),
});
export type VirtualPointInput = z.infer<typeof virtualPointInput>;

const virtualPoints = z
  .array(virtualPointInput)
  .min(1)
  .max(200)
  .refine((ps) => new Set(ps.map((p) => p.code)).size === ps.length, 'point codes must be unique');

export const virtualAddBody = z.object({
  stationId: rowId,
  name: z.string().trim().min(1).max(64),
  /** Serial number; generated (`<stationCode>-VIRT-<n>`) when absent. Unique platform-wide. */
  sn: z.string().regex(TOPIC_SEGMENT, 'letters, digits, . _ -').optional(),
  points: virtualPoints,
});
export type VirtualAddBody = z.infer<typeof virtualAddBody>;

/** Replaces the name and the point list; points keep their id (and history) by code. */
export const virtualUpdateBody = z.object({
  id: rowId,
  name: z.string().trim().min(1).max(64),
  points: virtualPoints,
});
export type VirtualUpdateBody = z.infer<typeof virtualUpdateBody>;

export const virtualPageBody = z.object({
  stationId: rowId,
  pageNum: pageNumber(100_000).default(1),
  pageSize: pageNumber(100).default(10),
  /** Part of the name or serial number. */
  name: z.string().trim().max(64).optional(),
});

export const virtualPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(virtualDevice),
});

export const virtualListItem = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  pointCount: z.number().int(),
});

export const meterRoleBody = z.object({ stationId: rowId, role: z.enum(METER_ROLES), deviceId: rowId });
/** `deviceId` null clears the role. */
export const meterRoleUpdateBody = z.object({
  stationId: rowId,
  role: z.enum(METER_ROLES),
  deviceId: rowId.nullable(),
});

export const meterConfig = z.object({
  stationId: z.number().int(),
  /** Every role, configured or not. */
  roles: z.array(
    z.object({
      role: z.enum(METER_ROLES),
      roleName: z.string(),
      deviceId: z.number().int().nullable(),
      deviceName: z.string().nullable(),
      sn: z.string().nullable(),
    }),
  ),
  /** The station's meters a role may be given to, each with its connection (nominal voltage, PT, CT). */
  meters: z.array(
    z.object({
      deviceId: z.number().int(),
      name: z.string(),
      sn: z.string(),
      status: z.enum(DEVICE_STATUSES),
      connection: meterConnectionSchema,
    }),
  ),
});
export type MeterConfig = z.infer<typeof meterConfig>;

/** Sets a meter's connection: its nominal voltage and transformer ratios. */
export const meterConnectionBody = z.object({ stationId: rowId, deviceId: rowId, connection: meterConnectionSchema });
