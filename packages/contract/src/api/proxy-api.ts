import { z } from 'zod';
import {
  PROXY_PRICE_PERMS,
  PROXY_REGION_PERMS,
  proxyExportBody,
  proxyIdBody,
  proxyImportBody,
  proxyImportResult,
  proxyPriceBody,
  proxyPricePage,
  proxyPricePageBody,
  proxyPriceUpdateBody,
  proxyRegionBody,
  proxyRegionExportBody,
  proxyRegionOptions,
  proxyRegionPage,
  proxyRegionPageBody,
  proxyRegionUpdateBody,
} from '../proxy-price';
import { PRICE_CONFIG_PERMS } from '../rate';
import { endpointGroup, FILE } from './endpoint';

const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** Proxy purchase price regions (/revenue-management/proxy-price-region) and their monthly prices (proxy-price). */
export const proxyApi = /*#__PURE__*/ endpointGroup('proxy', {
  proxyRegionPage: {
    method: 'POST',
    path: '/revenue/proxy/region/page',
    body: proxyRegionPageBody,
    response: proxyRegionPage,
    access: { perms: [PROXY_REGION_PERMS.query] },
    summary:
      'A page of proxy price regions with their period cut, model, months priced and the stations following them',
  },
  proxyRegionExport: {
    method: 'POST',
    path: '/revenue/proxy/region/export',
    body: proxyRegionExportBody,
    response: FILE,
    access: { perms: [PROXY_REGION_PERMS.query] },
    summary:
      'The regions matching the list filters as an Excel workbook (cut, model, months priced, stations following)',
  },
  proxyRegionOptions: {
    method: 'GET',
    path: '/revenue/proxy/region/options',
    response: proxyRegionOptions,
    // The price list filters and the price configuration page pick a region too.
    access: { perms: [PROXY_REGION_PERMS.query, PROXY_PRICE_PERMS.query, PRICE_CONFIG_PERMS.query] },
    summary: 'Every proxy price region by number and name, for pickers',
  },
  proxyRegionAdd: {
    method: 'POST',
    path: '/revenue/proxy/region/add',
    body: proxyRegionBody,
    response: z.object({ id: z.number().int() }),
    access: write(PROXY_REGION_PERMS.add),
    errors: [409],
    summary: 'Add a region: unique number and name, a 24-hour period cut, a valid non-empty model JSON',
  },
  proxyRegionUpdate: {
    method: 'POST',
    path: '/revenue/proxy/region/update',
    body: proxyRegionUpdateBody,
    response: z.null(),
    access: write(PROXY_REGION_PERMS.edit),
    errors: [409],
    summary: 'Change a region; its period cut stays while a month it priced has begun for a station following it',
  },
  proxyRegionDelete: {
    method: 'POST',
    path: '/revenue/proxy/region/delete',
    body: proxyIdBody,
    response: z.null(),
    access: write(PROXY_REGION_PERMS.delete),
    errors: [409],
    summary: 'Delete a region no station follows and with no prices',
  },
  proxyPricePage: {
    method: 'POST',
    path: '/revenue/proxy/price/page',
    body: proxyPricePageBody,
    response: proxyPricePage,
    access: { perms: [PROXY_PRICE_PERMS.query] },
    summary: 'A page of monthly proxy prices per period, by region and month range',
  },
  proxyPriceAdd: {
    method: 'POST',
    path: '/revenue/proxy/price/add',
    body: proxyPriceBody,
    response: z.object({ id: z.number().int() }),
    access: write(PROXY_PRICE_PERMS.add),
    errors: [409],
    summary: 'Add a region’s prices for a month (one per region and month)',
  },
  proxyPriceUpdate: {
    method: 'POST',
    path: '/revenue/proxy/price/update',
    body: proxyPriceUpdateBody,
    response: z.null(),
    access: write(PROXY_PRICE_PERMS.edit),
    errors: [409],
    summary: 'Change a month’s prices while no station following the region has lived a day of it',
  },
  proxyPriceDelete: {
    method: 'POST',
    path: '/revenue/proxy/price/delete',
    body: proxyIdBody,
    response: z.null(),
    access: write(PROXY_PRICE_PERMS.delete),
    errors: [409],
    summary: 'Delete a month’s prices while no station following the region has lived a day of it',
  },
  proxyPriceImport: {
    method: 'POST',
    path: '/revenue/proxy/price/import',
    body: proxyImportBody,
    response: proxyImportResult,
    access: write(PROXY_PRICE_PERMS.import),
    summary: 'Import monthly prices from an Excel workbook: every row valid or nothing written, errors by row',
  },
  proxyPriceExport: {
    method: 'POST',
    path: '/revenue/proxy/price/export',
    body: proxyExportBody,
    response: FILE,
    access: { perms: [PROXY_PRICE_PERMS.export] },
    summary: 'The monthly prices as an Excel workbook in the import’s columns (an empty one is the import template)',
  },
});
