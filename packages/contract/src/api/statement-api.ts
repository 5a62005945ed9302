import { z } from 'zod';
import {
  STATEMENT_PERMS,
  settlementRatioDeleteBody,
  settlementRatioList,
  settlementRatioListBody,
  settlementRatioSetBody,
  statementBody,
  statementExportBody,
  statementResult,
} from '../statement';
import { endpointGroup, FILE } from './endpoint';

const ratio = { perms: [STATEMENT_PERMS.ratio], station: 'stationId', mutates: true } as const;

/** Earnings statements (/revenue-management/earnings-statement) and settlement ratios. */
export const statementApi = /*#__PURE__*/ endpointGroup('statement', {
  statement: {
    method: 'POST',
    path: '/revenue/statement',
    body: statementBody,
    response: statementResult,
    access: { perms: [STATEMENT_PERMS.query] },
    summary:
      'Per station and month: energy per period and price, charge cost, discharge income, revenue and its settlement split; totals',
  },
  statementExport: {
    method: 'POST',
    path: '/revenue/statement/export',
    body: statementExportBody,
    response: FILE,
    access: { perms: [STATEMENT_PERMS.export] },
    summary: 'The statement as a PDF document, an Excel workbook or CSV',
  },
  settlementRatioList: {
    method: 'POST',
    path: '/revenue/settlement-ratio/list',
    body: settlementRatioListBody,
    response: settlementRatioList,
    access: { perms: [STATEMENT_PERMS.query], station: 'stationId' },
    summary: 'A station’s settlement ratios, each in force from its month until the next',
  },
  settlementRatioSet: {
    method: 'POST',
    path: '/revenue/settlement-ratio/set',
    body: settlementRatioSetBody,
    response: z.null(),
    access: ratio,
    errors: [409],
    summary: 'Set the owner’s share (0–100 %) from a month on; months already ended keep theirs',
  },
  settlementRatioDelete: {
    method: 'POST',
    path: '/revenue/settlement-ratio/delete',
    body: settlementRatioDeleteBody,
    response: z.null(),
    access: ratio,
    errors: [409],
    summary: 'Remove a ratio that has not yet applied to an ended month',
  },
});
