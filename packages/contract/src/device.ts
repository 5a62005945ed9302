import { z } from 'zod';
import type { Names } from './i18n';
import type { ValueLimit } from './value-limits';

/**
 * Device types of a station (domain.md "The equipment of a station"). `cabinet` is the
 * integrated 215 kWh outdoor cabinet (PCS + BMS + air conditioning behind one controller);
 * `virtual` devices hold points computed from formulas over real points.
 */
export const DEVICE_TYPES = ['ems', 'pcs', 'bms', 'cabinet', 'meter', 'pv', 'charger', 'ac', 'virtual'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** 遥测 telemetry, 遥信 status, 遥控 control, 遥调 setpoint. */
export const POINT_KINDS = ['telemetry', 'status', 'control', 'setpoint'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** Which meter measures what, for energy accounting (grid connection, storage, PV, load). */
export const METER_ROLES = ['gateway', 'storage', 'pv', 'load'] as const;
export type MeterRole = (typeof METER_ROLES)[number];

export const DEVICE_STATUSES = ['online', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** A point of a device model. */
export type PointDef = {
  /** Stable code, unique within the model; the key in MQTT telemetry `values`. */
  code: string;
  names: Names;
  unit: string | null;
  kind: PointKind;
  /** Decimals shown. */
  precision: number;
  /** Plausible range; ingest quarantines values outside it. */
  min?: number;
  max?: number;
  /** Monotonic energy counter (kWh): energy is summed from its differences, never from power. */
  counter?: boolean;
  /** Labels of a status point's values. */
  states?: Record<string, Names>;
  /** Reported at every interval; other points change slowly and come every few intervals. */
  fast?: boolean;
  /** Where the value turns to warning and alarm on screen (value-limits.ts). */
  limit?: ValueLimit;
};

/** A device model (型号) with its point list. */
export type DeviceModelDef = {
  code: string;
  type: Exclude<DeviceType, 'virtual'>;
  names: Names;
  manufacturer: string;
  /** Rated figures the simulator and the screens use (kW, kWh, kWp). */
  rated: { powerKw?: number; energyKwh?: number; pvKwp?: number };
  points: PointDef[];
};

export const deviceId = z.number().int().positive();
