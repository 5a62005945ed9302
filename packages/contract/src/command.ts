import { z } from 'zod';
import { METER_ROLES } from './device';
import { type Names, names } from './i18n';
import { rowId } from './ids';
import { touPrices, touSegment } from './tou';

/**
 * Commands the platform sends to devices (docs/device-protocol.md "Commands") and their
 * delivery: pending (stored) → sent (published) → success | failure | timeout (the device's
 * `cmd/ack`, or none in time). Issue 14 adds further kinds.
 */
export const COMMAND_KINDS = [
  'points',
  'configSync',
  'virtualSync',
  'planCurve',
  'upgrade',
  'filePush',
  'filePull',
] as const;
/** What a command of each kind does, in the four languages (a list shows it where no point is set). */
export const COMMAND_KIND_NAMES: Record<(typeof COMMAND_KINDS)[number], Names> = {
  points: names('设置点位', 'Set points', 'Ajuste de puntos', 'ポイント設定'),
  configSync: names('同步配置', 'Configuration sync', 'Sincronización de configuración', '設定同期'),
  virtualSync: names('同步虚拟点', 'Virtual point sync', 'Sincronización de puntos virtuales', '仮想ポイント同期'),
  planCurve: names('下发计划曲线', 'Plan curve delivery', 'Envío de curva de plan', '計画カーブ送信'),
  upgrade: names('固件升级', 'Firmware upgrade', 'Actualización de firmware', 'ファームウェア更新'),
  filePush: names('下发文件', 'File push', 'Envío de archivo', 'ファイル送信'),
  filePull: names('读取文件', 'File pull', 'Lectura de archivo', 'ファイル取得'),
};
export type CommandKind = (typeof COMMAND_KINDS)[number];
/**
 * What issued a command: a user's control call (a device's point, the station setpoint), a
 * configuration push, a plan curve delivery or a step of a sequential control run. Point
 * commands come from two of them, so the kind alone does not say which permission issued one
 * (api/command-issuers.ts); each origin has one kind.
 */
export const COMMAND_ORIGIN_KINDS = {
  control: 'points',
  configSync: 'configSync',
  virtualSync: 'virtualSync',
  planCurve: 'planCurve',
  sequenceStep: 'points',
  upgrade: 'upgrade',
  filePush: 'filePush',
  filePull: 'filePull',
} as const satisfies Record<string, CommandKind>;
export type CommandOrigin = keyof typeof COMMAND_ORIGIN_KINDS;
export const COMMAND_ORIGINS = Object.keys(COMMAND_ORIGIN_KINDS) as [CommandOrigin, ...CommandOrigin[]];
/**
 * `kind` values of the `cmd` payload: the command kinds, and `cancel` (the platform withdrew the
 * command with this `id`; docs/device-protocol.md "Cancelling"). A cancel is not a stored command.
 */
export const PAYLOAD_KINDS = [...COMMAND_KINDS, 'cancel'] as const;

export const COMMAND_STATES = ['pending', 'sent', 'success', 'failure', 'timeout', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States in which a command is settled. */
export const SETTLED_STATES = ['success', 'failure', 'timeout', 'cancelled'] as const satisfies readonly CommandState[];
/** States in which a command is still waiting for its outcome. */
export const IN_FLIGHT_STATES = ['pending', 'sent'] as const satisfies readonly CommandState[];

/** A command as the lists show it. */
export const commandRow = z.object({
  id: z.number().int(),
  /** The protocol id (`id` of the payload and of the ack). */
  commandId: z.string(),
  stationId: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceSn: z.string().nullable(),
  kind: z.enum(COMMAND_KINDS),
  /** The point a point command sets (its first point); null for other kinds. */
  pointCode: z.string().nullable(),
  /**
   * That point's name in the request's language, and the device's (lists show names, not codes);
   * absent on live pushes, which have no request language.
   */
  pointName: z.string().nullable().optional(),
  deviceName: z.string().nullable().optional(),
  /** The value it sets; null for other kinds. */
  value: z.number().nullable(),
  state: z.enum(COMMAND_STATES),
  /** Real name (or login name) of who issued it. */
  issuedBy: z.string().nullable(),
  createTime: z.number(),
  sentTime: z.number().nullable(),
  resolvedTime: z.number().nullable(),
  /** The device's message, or why the platform gave up (device offline, timeout, restart). */
  message: z.string().nullable(),
});
export type CommandRow = z.infer<typeof commandRow>;

/** A station with the last configuration sync of one kind. */
export const syncStationRow = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  /** The EMS the command goes to; null when the station has none. */
  emsSn: z.string().nullable(),
  emsOnline: z.boolean(),
  last: commandRow.nullable(),
});
export type SyncStationRow = z.infer<typeof syncStationRow>;

export const syncListBody = z.object({
  /** Station name or code. */
  keyword: z.string().max(64).optional(),
});
export type SyncListBody = z.input<typeof syncListBody>;

export const commandIdParams = z.object({ id: rowId });

// --- The payload of a configuration command (`config` of the command, protocol.ts) ---

const code = z.string().min(1).max(64);

export const configPoint = z.object({
  code,
  /** Calibration the platform applies on ingest (offset settings); the EMS may apply it too. */
  scale: z.number().refine((v) => v !== 0, 'scale must not be 0'),
  offset: z.number(),
});

export const configDevice = z.object({
  sn: code,
  name: z.string().max(200),
  type: z.string().max(32),
  model: z.string().max(64).nullable(),
  parentSn: code.nullable(),
  reportIntervalS: z.number().int().positive(),
  points: z.array(configPoint),
});

export const configVirtualPoint = z.object({ code, formula: z.string().min(1).max(2000) });
export const configVirtualDevice = z.object({
  sn: code,
  name: z.string().max(200),
  points: z.array(configVirtualPoint),
});

export const configTou = z.object({
  code: z.string(),
  name: z.string(),
  segments: z.array(touSegment),
  prices: touPrices,
  currency: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
});

/** The virtual device and point definitions of a station (virtual configuration sync). */
export const virtualConfig = z.object({
  stationCode: code,
  version: z.number().int(),
  virtualDevices: z.array(configVirtualDevice),
});
export type VirtualConfig = z.infer<typeof virtualConfig>;

/** A station's whole configuration (site configuration one-key sync). */
export const siteConfig = virtualConfig.extend({
  devices: z.array(configDevice),
  meterRoles: z.partialRecord(z.enum(METER_ROLES), code),
  tou: configTou.nullable(),
});
export type SiteConfig = z.infer<typeof siteConfig>;
