import { z } from 'zod';
import { rateStationProxyBody } from '../proxy-price';
import {
  PRICE_CONFIG_PERMS,
  RATE_PERMS,
  rateEnableBody,
  rateIdParams,
  ratePage,
  ratePageBody,
  rateReprice,
  rateRepriceBody,
  rateStationBody,
  rateStationSaveBody,
  rateStationTemplates,
  rateStationUnassignBody,
  rateStationVersionBody,
  rateTemplate,
  rateTemplateBody,
  rateTemplateUpdateBody,
} from '../rate';
import { endpointGroup } from './endpoint';

// The price configuration page edits the same templates per station: its rights open the station calls.
const read = { perms: [RATE_PERMS.query, PRICE_CONFIG_PERMS.query] } as const;
const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** Rate templates (/system/rate): TOU price templates and the stations using them over time. */
export const rateApi = /*#__PURE__*/ endpointGroup('rate', {
  ratePage: {
    method: 'POST',
    path: '/business/rate/page',
    body: ratePageBody,
    response: ratePage,
    access: read,
    summary: 'A page of rate templates, filtered by number or name, electricity type, enabled and a date of validity',
  },
  rateDetail: {
    method: 'GET',
    path: '/business/rate/:id',
    params: rateIdParams,
    response: rateTemplate,
    access: read,
    summary: 'One rate template with the stations using it',
  },
  rateAdd: {
    method: 'POST',
    path: '/business/rate/add',
    body: rateTemplateBody,
    response: z.object({ id: z.number().int() }),
    access: write(RATE_PERMS.add),
    errors: [409],
    summary: 'Add a rate template (number unique, the day cut exactly once, prices within ±99,999,999)',
  },
  rateUpdate: {
    method: 'PUT',
    path: '/business/rate/update',
    body: rateTemplateUpdateBody,
    response: z.null(),
    access: write(RATE_PERMS.edit),
    errors: [409],
    summary:
      'Change a rate template; its cut, prices and past validity stay once it priced a past day (409: money stays as earned)',
  },
  rateEnable: {
    method: 'POST',
    path: '/business/rate/enable',
    body: rateEnableBody,
    response: z.null(),
    access: write(RATE_PERMS.edit),
    errors: [409],
    summary: 'Enable or disable a rate template (a disabled one prices nothing on the days assigned to it)',
  },
  rateDelete: {
    method: 'DELETE',
    path: '/business/rate/:id',
    params: rateIdParams,
    response: z.null(),
    access: write(RATE_PERMS.delete),
    errors: [409],
    summary: 'Delete a rate template: refused while it is enabled (disable it first) or used by a station',
  },
  rateStationTemplates: {
    method: 'POST',
    path: '/business/rate/station',
    body: rateStationBody,
    response: rateStationTemplates,
    access: { perms: [RATE_PERMS.query, PRICE_CONFIG_PERMS.query], station: 'stationId' },
    summary: "A station's dated template assignments and the template pricing today on its clock",
  },
  rateStationSave: {
    method: 'POST',
    path: '/business/rate/station/save',
    body: rateStationSaveBody,
    response: z.null(),
    access: { perms: [RATE_PERMS.edit, PRICE_CONFIG_PERMS.edit], mutates: true, station: 'stationId' },
    errors: [409],
    summary:
      'Assign a rate template to a station from a station-local date (today by default, never past: 409); days before keep their prices',
  },
  rateStationVersion: {
    method: 'POST',
    path: '/business/rate/station/version',
    body: rateStationVersionBody,
    response: z.object({ templateId: z.number().int() }),
    access: { perms: [RATE_PERMS.add, PRICE_CONFIG_PERMS.add], mutates: true, station: 'stationId' },
    errors: [409],
    summary:
      'A new price version: add a template and assign it to the station from a date (today by default, never past), in one step',
  },
  rateStationProxy: {
    method: 'POST',
    path: '/business/rate/station/proxy',
    body: rateStationProxyBody,
    response: z.null(),
    access: { perms: [RATE_PERMS.edit, PRICE_CONFIG_PERMS.edit], mutates: true, station: 'stationId' },
    errors: [409],
    summary:
      'The station follows a proxy price region from a date (today by default, never past): each day priced at the region’s price for its month',
  },
  rateStationUnassign: {
    method: 'POST',
    path: '/business/rate/station/unassign',
    body: rateStationUnassignBody,
    response: z.null(),
    access: { perms: [RATE_PERMS.edit, PRICE_CONFIG_PERMS.delete], mutates: true, station: 'stationId' },
    errors: [409],
    summary: 'Withdraw an assignment that has not begun on the station’s clock (one that priced a day stays: 409)',
  },
  rateRepricePreview: {
    method: 'POST',
    path: '/business/rate/station/reprice/preview',
    body: rateRepriceBody,
    response: rateReprice,
    access: { perms: [RATE_PERMS.reprice], station: 'stationId' },
    errors: [409],
    summary: 'What re-pricing past days with a template would change: revenue per day as earned and re-priced',
  },
  rateReprice: {
    method: 'POST',
    path: '/business/rate/station/reprice',
    body: rateRepriceBody,
    response: rateReprice,
    access: { perms: [RATE_PERMS.reprice], mutates: true, station: 'stationId' },
    errors: [409],
    summary: 'Re-price past days: assign a template from a past date (logged), answering the difference applied',
  },
});
