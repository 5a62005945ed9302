import { z } from 'zod';
import { emptyBody } from '../envelope';
import { pageOf } from '../paging';
import {
  nationStations,
  stationAdmin,
  stationBody,
  stationIdParams,
  stationLogoBody,
  stationLogoInfo,
  stationPageBody,
  stationUpdateBody,
} from '../station';
import { endpointGroup, FILE } from './endpoint';

/** Permissions of station management (/system/department, menu-tree.ts `crud('sys.station')`). */
export const STATION_PERMS = {
  query: 'sys:department:query',
  add: 'sys:station:add',
  edit: 'sys:station:edit',
  delete: 'sys:station:delete',
} as const;

const read = { perms: [STATION_PERMS.query] } as const;
const write = (perms: readonly string[]) => ({ perms, mutates: true }) as const;
/** Calls naming one station by `id`: 404 outside the caller's scope. */
const byId = { station: 'id' } as const;

/** Station management: the station calls of spec 7 plus the logo upload. */
export const stationAdminApi = /*#__PURE__*/ endpointGroup('station', {
  stationPage: {
    method: 'POST',
    path: '/business/station/page',
    body: stationPageBody,
    response: pageOf(stationAdmin),
    access: read,
    summary: "A page of the caller's stations, filtered by name, type, organisation (subtree) and province",
  },
  stationAdd: {
    method: 'POST',
    path: '/business/station/add',
    body: stationBody,
    response: z.object({ id: z.number().int() }),
    access: write([STATION_PERMS.add]),
    errors: [409],
    summary: "Add a station to an organisation in the caller's scope (code unique)",
  },
  stationNation: {
    method: 'POST',
    path: '/business/station/nationStation',
    body: emptyBody,
    response: nationStations,
    access: read,
    summary: "The national listing of the caller's stations: province → city → station, with totals",
  },
  stationGetLogo: {
    method: 'POST',
    path: '/business/station/getLogo/:id',
    params: stationIdParams,
    response: FILE,
    access: { ...read, ...byId },
    summary: "A station's logo image (PNG, JPEG or WebP) with its content type; 404 when it has none",
  },
  stationUploadLogo: {
    method: 'POST',
    path: '/business/station/uploadLogo',
    body: stationLogoBody,
    response: stationLogoInfo,
    access: { ...write([STATION_PERMS.add, STATION_PERMS.edit]), ...byId },
    summary: "Set a station's logo: base64 PNG, JPEG or WebP of at most 1 MB, recognised by its bytes",
  },
  stationDeleteLogo: {
    method: 'DELETE',
    path: '/business/station/logo/:id',
    params: stationIdParams,
    response: z.null(),
    access: { ...write([STATION_PERMS.edit]), ...byId },
    summary: "Remove a station's logo",
  },
  stationDetail: {
    method: 'POST',
    path: '/business/station/:id',
    params: stationIdParams,
    response: stationAdmin,
    access: { ...read, ...byId },
    summary: 'One station with every field',
  },
  stationUpdate: {
    method: 'PUT',
    path: '/business/station/update',
    body: stationUpdateBody,
    response: z.null(),
    access: { ...write([STATION_PERMS.edit]), ...byId },
    errors: [409],
    summary: "Change a station (its organisation must stay in the caller's scope)",
  },
  stationDelete: {
    method: 'DELETE',
    path: '/business/station/:id',
    params: stationIdParams,
    response: z.null(),
    access: { ...write([STATION_PERMS.delete]), ...byId },
    errors: [409],
    summary: 'Delete a station that holds no devices (its configuration, alarms and logo go with it)',
  },
});
