import { z } from 'zod';
import {
  CARBON_PERMS,
  carbonBody,
  carbonExportBody,
  carbonFactorAddBody,
  carbonFactorIdBody,
  carbonFactorPage,
  carbonFactorPageBody,
  carbonFactorUpdateBody,
  carbonResult,
} from '../carbon';
import { endpointGroup, FILE } from './endpoint';

const read = { perms: [CARBON_PERMS.query] } as const;
const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** Carbon footprint and energy consumption (/revenue-management/carbon) and its emission factors. */
export const carbonApi = /*#__PURE__*/ endpointGroup('carbon', {
  carbonFigures: {
    method: 'POST',
    path: '/revenue/carbon',
    body: carbonBody,
    response: carbonResult,
    access: { ...read, station: 'stationId' },
    summary:
      'PV generation, avoided emissions, storage effect, auxiliary consumption: totals, trend and station ranking',
  },
  carbonExport: {
    method: 'POST',
    path: '/revenue/carbon/export',
    body: carbonExportBody,
    response: FILE,
    access: { perms: [CARBON_PERMS.export], station: 'stationId' },
    summary: 'The carbon figures (per station and per period, with the factors and their sources) as CSV or Excel',
  },
  carbonFactorPage: {
    method: 'POST',
    path: '/revenue/carbon/factor/page',
    body: carbonFactorPageBody,
    response: carbonFactorPage,
    access: read,
    summary: 'A page of grid emission factors (national and per province) with their sources',
  },
  carbonFactorAdd: {
    method: 'POST',
    path: '/revenue/carbon/factor/add',
    body: carbonFactorAddBody,
    response: z.object({ id: z.number().int() }),
    access: write(CARBON_PERMS.add),
    errors: [409],
    summary: 'Add a grid emission factor for a region and year (one per region and year)',
  },
  carbonFactorUpdate: {
    method: 'POST',
    path: '/revenue/carbon/factor/update',
    body: carbonFactorUpdateBody,
    response: z.null(),
    access: write(CARBON_PERMS.edit),
    errors: [409],
    summary: 'Change a grid emission factor',
  },
  carbonFactorDelete: {
    method: 'POST',
    path: '/revenue/carbon/factor/delete',
    body: carbonFactorIdBody,
    response: z.null(),
    access: write(CARBON_PERMS.delete),
    errors: [409],
    summary: 'Delete a grid emission factor (the last national one stays)',
  },
});
