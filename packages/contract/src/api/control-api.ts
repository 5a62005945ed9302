import { z } from 'zod';
import { commandIdParams } from '../command';
import {
  CONTROL_PERMS,
  cabinetRow,
  commandPage,
  commandPageBody,
  controlCommandAnswer,
  controlCommandBody,
  controlCommandDetail,
  controlDeviceBody,
  controlDevicePoints,
  stationSetPointBody,
} from '../control';
import { stationIdBody } from '../station';
import { endpointGroup } from './endpoint';

/** Either control permission; the service limits cabinet controllers to integrated cabinets. */
const control = { perms: [CONTROL_PERMS.send, CONTROL_PERMS.cabinetControl], mutates: true } as const;

/**
 * Remote control (issue 14 part 2): commands to a device's setpoint and control points through
 * the platform's command service, each after the user re-entered their password. Reads are
 * limited to the caller's stations (404 outside, as for a missing command or device).
 */
export const controlApi = /*#__PURE__*/ endpointGroup('remote control', {
  command: {
    method: 'POST',
    path: '/control/command',
    body: controlCommandBody,
    response: controlCommandAnswer,
    access: control,
    summary:
      "Set a device's setpoint or control point (password re-entered, sealed as at sign-in); one command per device at a time (else 409)",
    errors: [409],
  },
  commandDetail: {
    method: 'GET',
    path: '/control/command/:id',
    params: commandIdParams,
    response: controlCommandDetail,
    access: {},
    summary: 'One command and its delivery state: pending, sent, success, failure, timeout or cancelled',
  },
  commandCancel: {
    method: 'POST',
    path: '/control/command/:id/cancel',
    params: commandIdParams,
    response: controlCommandDetail,
    access: { mutates: true },
    summary:
      'Withdraw a command still pending or sent: needs what issuing that kind of command needs (COMMAND_ISSUERS), else 403; 409 once it is settled',
    errors: [409],
  },
  points: {
    method: 'POST',
    path: '/control/points',
    body: controlDeviceBody,
    response: controlDevicePoints,
    access: {},
    summary: "A device's setpoint and control points with their ranges, states and latest values",
  },
  commandPage: {
    method: 'POST',
    path: '/control/commands/page',
    body: commandPageBody,
    response: commandPage,
    access: { station: 'stationId' },
    summary: "A page of a station's commands (filters: device, state, kind, time), newest first",
  },
  cabinets: {
    method: 'POST',
    path: '/control/cabinets',
    body: stationIdBody,
    response: z.array(cabinetRow),
    access: { station: 'stationId' },
    summary: "The station's integrated cabinets with run state, power, SOC and controllable points",
  },
  setPoint: {
    method: 'POST',
    path: '/business/singapore/setPoint',
    body: stationSetPointBody,
    response: controlCommandAnswer,
    access: { perms: [CONTROL_PERMS.send], mutates: true, station: 'stationId' },
    summary: "The station's power setpoint in kW (> 0 discharge), delivered to its EMS `pSet` as a command",
    errors: [409],
  },
});
