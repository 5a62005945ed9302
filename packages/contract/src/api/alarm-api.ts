import { z } from 'zod';
import {
  alarmConfirmBody,
  alarmConfirmResult,
  alarmDefinition,
  alarmDefinitionBody,
  alarmDefinitionPage,
  alarmDefinitionPageBody,
  alarmDefinitionUpdateBody,
  alarmEffectiveRule,
  alarmEventDetail,
  alarmEventPage,
  alarmGroupConfigBody,
  alarmHistoryExportBody,
  alarmHistoryPageBody,
  alarmIdBody,
  alarmIdsBody,
  alarmRealtimePageBody,
  alarmStationOverrideBody,
  alarmStationOverrideKey,
} from '../alarm';
import { HISTORY_TIMEOUT_MS } from '../constants';
import { stationIdBody } from '../station';
import { endpointGroup, FILE } from './endpoint';

/** Permissions of the alarm centre (button rows of the seeded menu, spec 2 /alarm and /system). */
export const ALARM_PERMS = {
  confirm: 'alarm:realtime:confirm',
  export: 'alarm:history:export',
  definitionAdd: 'alarm:definition:add',
  definitionEdit: 'alarm:definition:edit',
  definitionDelete: 'alarm:definition:delete',
  configEdit: 'sys:alarmConfig:edit',
} as const;

const scoped = { station: 'stationId' } as const;
const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** The alarm centre: events of a station, confirmation, definitions, group and station configuration. */
export const alarmApi = /*#__PURE__*/ endpointGroup('alarm', {
  alarmCount: {
    method: 'POST',
    path: '/flow/event/eventNum',
    body: stationIdBody,
    response: z.number().int(),
    access: scoped,
    summary: 'Unconfirmed alarms of a station (the navbar bell; also pushed over the live socket)',
  },
  alarmRealtimePage: {
    method: 'POST',
    path: '/alarm/realtime/page',
    body: alarmRealtimePageBody,
    response: alarmEventPage,
    access: scoped,
    summary: 'Real-time alarms of a station: active or not yet confirmed, newest first',
  },
  alarmHistoryPage: {
    method: 'POST',
    path: '/alarm/history/page',
    body: alarmHistoryPageBody,
    response: alarmEventPage,
    access: scoped,
    summary: 'Alarms raised in [from, to) at a station, filtered by device type, level, status and confirmation',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  alarmHistoryExport: {
    method: 'POST',
    path: '/alarm/history/export',
    body: alarmHistoryExportBody,
    response: FILE,
    access: { perms: [ALARM_PERMS.export], station: 'stationId' },
    summary: 'The alarm history of a station with the same filters as CSV or Excel (times in the station zone)',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  alarmEventDetail: {
    method: 'POST',
    path: '/alarm/event/detail',
    body: alarmIdBody,
    response: alarmEventDetail,
    access: {},
    summary: "One alarm event with its point's curve 30 minutes either side of the raise time",
  },
  alarmConfirm: {
    method: 'POST',
    path: '/alarm/confirm',
    body: alarmConfirmBody,
    response: alarmConfirmResult,
    access: write(ALARM_PERMS.confirm),
    summary: 'Confirm alarm events with a remark (all or none: an id outside the caller’s stations is 404)',
  },
  alarmDefinitionPage: {
    method: 'POST',
    path: '/alarm/definition/page',
    body: alarmDefinitionPageBody,
    response: alarmDefinitionPage,
    access: {},
    summary: 'A page of alarm definitions, filtered by text, device type and enablement',
  },
  alarmDefinitionDetail: {
    method: 'POST',
    path: '/alarm/definition/detail',
    body: alarmIdBody,
    response: alarmDefinition,
    access: {},
    summary: 'One alarm definition',
  },
  alarmDefinitionAdd: {
    method: 'POST',
    path: '/alarm/definition/add',
    body: alarmDefinitionBody,
    response: z.object({ id: z.number().int() }),
    access: write(ALARM_PERMS.definitionAdd),
    summary: 'Add an alarm definition for a device type or one device and a point',
  },
  alarmDefinitionUpdate: {
    method: 'POST',
    path: '/alarm/definition/update',
    body: alarmDefinitionUpdateBody,
    response: z.null(),
    access: write(ALARM_PERMS.definitionEdit),
    summary: 'Change an alarm definition (its active alarms are re-evaluated with the new rule)',
  },
  alarmDefinitionDelete: {
    method: 'POST',
    path: '/alarm/definition/delete',
    body: alarmIdsBody,
    response: z.null(),
    access: write(ALARM_PERMS.definitionDelete),
    summary: 'Delete alarm definitions (their active alarms recover; history keeps the events)',
  },
  alarmGroupConfigSave: {
    method: 'POST',
    path: '/alarm/config/group/save',
    body: alarmGroupConfigBody,
    response: z.null(),
    access: write(ALARM_PERMS.configEdit),
    summary: 'Group level: the default threshold, level and enablement of a definition',
  },
  alarmStationRules: {
    method: 'POST',
    path: '/alarm/config/station/rules',
    body: stationIdBody,
    response: z.array(alarmEffectiveRule),
    access: scoped,
    summary: 'The effective rules of a station: every definition that watches its devices, overrides applied',
  },
  alarmStationOverrideSave: {
    method: 'POST',
    path: '/alarm/config/station/save',
    body: alarmStationOverrideBody,
    response: z.null(),
    access: { ...write(ALARM_PERMS.configEdit), station: 'stationId' },
    summary: "Station level: override a definition's threshold, level or enablement at one station",
  },
  alarmStationOverrideDelete: {
    method: 'POST',
    path: '/alarm/config/station/delete',
    body: alarmStationOverrideKey,
    response: z.null(),
    access: { ...write(ALARM_PERMS.configEdit), station: 'stationId' },
    summary: 'Station level: drop the override, the station follows the group again',
  },
});
