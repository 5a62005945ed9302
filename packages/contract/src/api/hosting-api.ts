import {
  HOSTING_PERMS,
  hostingDayBody,
  hostingDayDetail,
  hostingDayRow,
  hostingExportBody,
  hostingPage,
  hostingPageBody,
  hostingPlanBody,
  hostingReviewBody,
  hostingSettings,
  hostingSettingsBody,
  hostingStationBody,
} from '../hosting';
import { endpointGroup, FILE } from './endpoint';

const read = { perms: [HOSTING_PERMS.query], station: 'stationId' } as const;

/** Strategy hosting and review (/strategic-management/hosting). */
export const hostingApi = /*#__PURE__*/ endpointGroup('hosting', {
  hostingSettings: {
    method: 'POST',
    path: '/strategy/hosting/settings',
    body: hostingStationBody,
    response: hostingSettings,
    access: read,
    summary:
      'A station’s hosting settings: on or off, the approval deadline, the alarm level that returns it to its rule',
  },
  hostingSettingsSave: {
    method: 'POST',
    path: '/strategy/hosting/settings/save',
    body: hostingSettingsBody,
    response: hostingSettings,
    access: { perms: [HOSTING_PERMS.edit], mutates: true, station: 'stationId' },
    summary: 'Hand the station’s daily strategy to the platform, or take it back; deadline and alarm level',
  },
  hostingPage: {
    method: 'POST',
    path: '/strategy/hosting/page',
    body: hostingPageBody,
    response: hostingPage,
    access: read,
    summary: 'The station’s hosted days, newest first: state, expected and actual revenue, forecast error, review',
  },
  hostingExport: {
    method: 'POST',
    path: '/strategy/hosting/export',
    body: hostingExportBody,
    response: FILE,
    access: read,
    summary:
      'The station’s hosted days as an Excel workbook: state and why, revenue expected, by the rule and earned, forecast error, review',
  },
  hostingDay: {
    method: 'POST',
    path: '/strategy/hosting/day',
    body: hostingDayBody,
    response: hostingDayDetail,
    access: { perms: [HOSTING_PERMS.query] },
    errors: [404],
    summary: 'One hosted day: the plan beside the rule schedule, the forecasts and the metered power so far',
  },
  hostingPlan: {
    method: 'POST',
    path: '/strategy/hosting/plan',
    body: hostingPlanBody,
    response: hostingDayRow,
    access: { perms: [HOSTING_PERMS.edit], mutates: true, station: 'stationId' },
    errors: [409],
    summary: 'Make the plan of today (from now) or tomorrow now, from the station’s current SOC, for review',
  },
  hostingReview: {
    method: 'POST',
    path: '/strategy/hosting/review',
    body: hostingReviewBody,
    response: hostingDayRow,
    access: { perms: [HOSTING_PERMS.review], mutates: true },
    errors: [404, 409],
    summary:
      'Approve (password re-entered) or reject a pending plan with an opinion; a plan of today is delivered on approval',
  },
});
