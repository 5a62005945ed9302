import { z } from 'zod';
import { commandIdParams, commandRow, syncListBody, syncStationRow } from '../command';
import { offsetPage, offsetPageBody, offsetSaveBody } from '../offset';
import { stationIdBody } from '../station';
import { topologyJumpAddBody, topologyJumpRow } from '../topology-jump';
import { endpointGroup } from './endpoint';

const write = (perm: string) => ({ perms: [perm], mutates: true, station: 'stationId' }) as const;

/**
 * Station configuration pages of the system menu: point calibration (offset settings),
 * topology jumps, and pushing a station's configuration to its EMS as a command.
 */
export const configApi = /*#__PURE__*/ endpointGroup('station configuration', {
  offsetPage: {
    method: 'POST',
    path: '/business/offset/page',
    body: offsetPageBody,
    response: offsetPage,
    access: { perms: ['sys:offsetSetting:query'], station: 'stationId' },
    summary: "A page of the station's reported points with their calibration (scale, offset)",
  },
  offsetSave: {
    method: 'POST',
    path: '/business/offset/save',
    body: offsetSaveBody,
    response: z.null(),
    access: write('sys:offsetSetting:edit'),
    summary: 'Set the calibration of points: stored = raw × scale + offset, applied on ingest from now on',
  },
  topologyJumpList: {
    method: 'POST',
    path: '/business/topologyJumpConfig/list',
    body: stationIdBody,
    response: z.array(topologyJumpRow),
    access: { station: 'stationId' },
    summary: 'What a click on each node of the station’s PCS topology opens',
  },
  topologyJumpAdd: {
    method: 'POST',
    path: '/business/topologyJumpConfig/add',
    body: topologyJumpAddBody,
    response: z.array(topologyJumpRow),
    access: write('sys:siteConfig:topology'),
    summary: "Replace the station's topology jump configuration",
  },
  siteSyncList: {
    method: 'POST',
    path: '/business/siteConfig/list',
    body: syncListBody,
    response: z.array(syncStationRow),
    access: { perms: ['sys:siteConfiguration:query'] },
    summary: 'Stations in scope with their EMS and the last site configuration sync',
  },
  siteSync: {
    method: 'POST',
    path: '/business/siteConfig/sync',
    body: stationIdBody,
    response: commandRow,
    access: write('sys:siteConfig:sync'),
    summary: "Push the station's configuration to its EMS as one command (one in flight per station: else 409)",
    errors: [404, 409],
  },
  virtualSyncList: {
    method: 'POST',
    path: '/business/virtualSync/list',
    body: syncListBody,
    response: z.array(syncStationRow),
    access: { perms: ['sys:synchronizeVirtual:query'] },
    summary: 'Stations in scope with their EMS and the last virtual configuration sync',
  },
  virtualSync: {
    method: 'POST',
    path: '/business/virtualSync/sync',
    body: stationIdBody,
    response: commandRow,
    access: write('sys:synchronizeVirtual:sync'),
    summary: "Push the station's virtual devices and points to its EMS as a command (409 while a sync is in flight)",
    errors: [404, 409],
  },
  syncCommandDetail: {
    method: 'GET',
    path: '/business/command/:id',
    params: commandIdParams,
    response: commandRow,
    access: { perms: ['sys:siteConfiguration:query', 'sys:synchronizeVirtual:query'] },
    summary: 'One command and its delivery state (404 outside the caller’s stations)',
  },
});
