import { z } from 'zod';

export * from './command-readback';

import { COMMAND_KINDS, COMMAND_STATES, commandRow } from './command';
import { controlPassword } from './control-auth';
import { rowId } from './ids';
import { pageOf, pageQuery } from './paging';
import { epochMs } from './time-schema';

/**
 * Remote control (/remote-control/issue-order, /remote-control/intergrated-cabinet; issue 14
 * part 2): a setpoint or control point of one device set to a value, as one command of the
 * platform's command service, after the user re-entered their password.
 */

/** Spec 5: remote control values lie within −65,535 … 65,535. */
export const REMOTE_VALUE_LIMIT = 65_535;

export const CONTROL_PERMS = {
  /** Deliver a command to any device in scope (/remote-control/issue-order). */
  send: 'remote:order:send',
  /** Start, stop and set the power of integrated cabinets (/remote-control/intergrated-cabinet). */
  cabinetControl: 'remote:cabinet:control',
} as const;

const pointCode = z.string().trim().min(1).max(64);

/** `POST /api/control/command` (fixed call): the sealed password travels with the command. */
export const controlCommandBody = controlPassword.extend({ deviceId: rowId, pointCode, value: z.number() });
export type ControlCommandBody = z.input<typeof controlCommandBody>;

/**
 * `POST /api/business/singapore/setPoint` (spec 7): the station's power setpoint in kW (EMS `pSet`,
 * > 0 discharge), within ± the station's rated power.
 */
export const stationSetPointBody = controlPassword.extend({ stationId: rowId, value: z.number() });
export type StationSetPointBody = z.input<typeof stationSetPointBody>;

/** The answer of a command call: its id and state right after issuing. */
export const controlCommandAnswer = z.object({ id: z.number().int(), state: z.enum(COMMAND_STATES) });
export type ControlCommandAnswer = z.infer<typeof controlCommandAnswer>;

/**
 * `GET /api/control/command/:id` (fixed call: exactly these fields; the point's name is on the
 * page rows); times in ms, message in the caller's language.
 */
export const controlCommandDetail = z.object({
  id: z.number().int(),
  deviceId: z.number().int().nullable(),
  pointCode: z.string().nullable(),
  value: z.number().nullable(),
  state: z.enum(COMMAND_STATES),
  message: z.string().nullable(),
  /** Real name (or login name) of who issued it. */
  issuedBy: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  resolvedAt: z.number().nullable(),
});
export type ControlCommandDetail = z.infer<typeof controlCommandDetail>;

export const controlDeviceBody = z.object({ deviceId: rowId });

/** A state of a control point (e.g. 0 Stopped, 1 Running), named in the caller's language. */
export const controlPointState = z.object({ value: z.number(), label: z.string() });

/** A setpoint (遥调) or control (遥控) point of a device, with its latest reported value. */
export const controlPoint = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['setpoint', 'control']),
  unit: z.string().nullable(),
  precision: z.number().int(),
  /**
   * What a setpoint may be sent now (command-value.ts): its range within ±REMOTE_VALUE_LIMIT
   * and, for a power setpoint (kW), ± the station's rated power. Control points: their stored
   * range (usually null), their `states` decide.
   */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Control points: the values it takes; null for setpoints. */
  states: z.array(controlPointState).nullable(),
  /** The latest value the device reported for this point, null if none. */
  value: z.number().nullable(),
  ts: z.number().nullable(),
});
export type ControlPoint = z.infer<typeof controlPoint>;

export const controlDevicePoints = z.object({
  deviceId: z.number().int(),
  stationId: z.number().int(),
  online: z.boolean(),
  points: z.array(controlPoint),
  /** The device's command in flight (one at a time per device), null when it is free. */
  inFlight: commandRow.nullable(),
});
export type ControlDevicePoints = z.infer<typeof controlDevicePoints>;

export const COMMAND_SORTABLE = ['createTime', 'state'] as const;

/** A page of a station's commands, newest first unless sorted. Times in ms, inclusive. */
export const commandPageBody = pageQuery(COMMAND_SORTABLE, {
  stationId: rowId,
  deviceId: rowId.optional(),
  state: z.enum(COMMAND_STATES).optional(),
  kind: z.enum(COMMAND_KINDS).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});
export type CommandPageBody = z.input<typeof commandPageBody>;
/**
 * A row of the command page: `cancellable` when it is still in flight and the caller may
 * withdraw it (the right to issue that kind of command, docs/architecture.md "Who may grant what").
 */
export const commandPageRow = commandRow.extend({ cancellable: z.boolean() });
export const commandPage = pageOf(commandPageRow);
export type CommandPage = z.infer<typeof commandPage>;

/** An integrated cabinet of a station with its run state, power, SOC and controllable points. */
export const cabinetRow = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  name: z.string(),
  online: z.boolean(),
  /** `runState` code (0 standby, 1 charging, 2 discharging, 3 fault, 4 shutdown) and its label. */
  runState: z.number().nullable(),
  runStateLabel: z.string().nullable(),
  /** kW, > 0 discharge (domain.md). */
  power: z.number().nullable(),
  soc: z.number().nullable(),
  ratedPowerKw: z.number().nullable(),
  points: z.array(controlPoint),
  inFlight: commandRow.nullable(),
});
export type CabinetRow = z.infer<typeof cabinetRow>;
