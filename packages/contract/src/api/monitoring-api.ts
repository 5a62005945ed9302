import { z } from 'zod';
import { incomeExportBody } from '../charge-discharge';
import { HISTORY_TIMEOUT_MS } from '../constants';
import { emptyBody } from '../envelope';
import { homeConfig, homeConfigBody, homeDefault, homeDefaultBody, homeDefaultReset } from '../home-config';
import { rowId } from '../ids';
import {
  airConditionResult,
  curveResult,
  deviceStatusSummary,
  dynamicCurveBody,
  energyFlow,
  incomeBody,
  incomeResult,
  pvChargerSummary,
  realtimeCurveBody,
  realtimeCurveResult,
  siteOverviewRow,
  stationKpis,
  storageUnits,
} from '../monitoring-api';
import { stationIdBody } from '../station';
import { stationReport, stationReportBody, stationReportExportBody } from '../station-report';
import { endpointGroup, FILE } from './endpoint';

const open = '/business/openStation';
const scoped = { station: 'stationId' } as const;

/** The monitoring calls of spec 7 (home page, storage monitoring, earnings, charge-discharge data). */
export const monitoringApi = /*#__PURE__*/ endpointGroup('monitoring', {
  pcsStationData: {
    method: 'POST',
    path: `${open}/pcsStationData`,
    body: stationIdBody,
    response: stationKpis,
    access: { ...scoped, screen: true },
    summary: 'Station KPIs: power, capacity, SOC, charge and discharge, revenue, PV energy, carbon',
  },
  realtimeCurve: {
    method: 'POST',
    path: `${open}/realtimeCurve`,
    body: realtimeCurveBody,
    response: realtimeCurveResult,
    access: { ...scoped, screen: true },
    summary: "A local day's storage, PV, load and grid power in 15-minute averages",
  },
  energyFlow: {
    method: 'POST',
    path: `${open}/middle`,
    body: stationIdBody,
    response: energyFlow,
    access: { ...scoped, screen: true },
    summary: 'Energy-flow snapshot: grid, PV, storage, load and charging power with signs, SOC',
  },
  deviceStatus: {
    method: 'POST',
    path: `${open}/middlePart`,
    body: stationIdBody,
    response: deviceStatusSummary,
    access: { ...scoped, screen: true },
    summary: 'Device status by type: total, online, offline, in fault',
  },
  incomeData: {
    method: 'POST',
    path: `${open}/incomeData`,
    body: incomeBody,
    response: incomeResult,
    access: { ...scoped, screen: true },
    summary: 'Daily arbitrage revenue and energy by TOU period, monthly totals, the template used',
  },
  storageUnits: {
    method: 'POST',
    path: `${open}/getPCSElecData`,
    body: stationIdBody,
    response: storageUnits,
    access: { ...scoped, screen: true },
    summary: "PCS or cabinets: power, SOC, run state, today's charge and discharge",
  },
  dynamicRealtimeCurve: {
    method: 'POST',
    path: `${open}/dynamicRealtimeCurve`,
    body: dynamicCurveBody,
    response: curveResult,
    access: { ...scoped, screen: true },
    summary: 'Curves of chosen device points (default: today so far)',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  siteOverview: {
    method: 'POST',
    path: `${open}/siteOverview`,
    body: emptyBody,
    response: z.array(siteOverviewRow),
    access: { screen: true },
    summary: 'Monitoring overview of sites: one row per station in scope with the spec 3 columns',
  },
  airCondition: {
    method: 'POST',
    path: '/business/common/getAirCondition',
    body: stationIdBody,
    response: airConditionResult,
    access: { ...scoped, screen: true },
    summary: 'Air conditioners and the cabinets’ air conditioning with temperatures',
  },
  pvChargers: {
    method: 'POST',
    path: '/business/common/middlePart',
    body: stationIdBody,
    response: pvChargerSummary,
    access: { ...scoped, screen: true },
    summary: 'PV and charging-pile blocks: power, today and total energy, pile states',
  },
  incomeExport: {
    method: 'POST',
    path: `${open}/incomeExport`,
    body: incomeExportBody,
    response: FILE,
    access: { perms: ['surveillance:charge:export'], station: 'stationId' },
    summary: 'Charged and discharged energy per day and TOU period (with monthly totals and prices) as CSV or Excel',
  },
  earningsExport: {
    method: 'POST',
    path: `${open}/earningsExport`,
    body: incomeExportBody,
    response: FILE,
    // The earnings glance has no export button of its own: its file holds the same numbers as the
    // charge-discharge export, so the same permission opens it.
    access: { perms: ['surveillance:charge:export'], station: 'stationId' },
    summary: 'Arbitrage revenue per day, month and TOU period (with the price template) as CSV or Excel',
  },
});

/** The home page's blocks per user and station (spec 7 `homeConfig`). */
export const homeConfigApi = /*#__PURE__*/ endpointGroup('home config', {
  homeConfigSave: {
    method: 'POST',
    path: '/business/homeConfig/add',
    body: homeConfigBody,
    response: homeConfig,
    access: { perms: ['surveillance:home:config'], mutates: true, station: 'stationId' },
    summary: "Save the caller's home-page blocks (order and visibility) for a station",
  },
  homeConfig: {
    method: 'POST',
    path: '/business/homeConfig/:id',
    params: z.object({ id: rowId }),
    response: homeConfig,
    access: { station: 'id', screen: true },
    summary: "The caller's home-page blocks for station {id}, else the station default, else the built-in order",
  },
  homeDefault: {
    method: 'POST',
    path: '/business/homeConfig/station/default',
    body: stationIdBody,
    response: homeDefault,
    access: { perms: ['sys:siteConfiguration:query'], station: 'stationId' },
    summary: "The station's default home-page blocks (for users without their own), or the built-in order",
  },
  homeDefaultSave: {
    method: 'POST',
    path: '/business/homeConfig/station/defaultSave',
    body: homeDefaultBody,
    response: homeDefault,
    access: { perms: ['sys:siteConfig:home'], mutates: true, station: 'stationId' },
    summary: "Save the station's default home-page blocks (order and visibility)",
  },
  homeDefaultResetUsers: {
    method: 'POST',
    path: '/business/homeConfig/station/resetUsers',
    body: stationIdBody,
    response: homeDefaultReset,
    access: { perms: ['sys:siteConfig:home'], mutates: true, station: 'stationId' },
    summary: "Delete users' own home-page layouts of the station so they follow its default",
  },
});

/** The station statistics report (monitoring menu "station statistics report") and its export. */
export const reportApi = /*#__PURE__*/ endpointGroup('report', {
  stationReport: {
    method: 'POST',
    path: '/business/stationReport/statistics',
    body: stationReportBody,
    response: stationReport,
    access: scoped,
    summary:
      'Daily or monthly station statistics: charge, discharge, efficiency, PV, load, grid, revenue, SOC, online rate',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  stationReportExport: {
    method: 'POST',
    path: '/business/stationReport/export',
    body: stationReportExportBody,
    response: FILE,
    access: { perms: ['surveillance:report:export'], station: 'stationId' },
    summary: 'The station statistics report as an Excel or CSV file',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
});
