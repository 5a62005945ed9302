import { z } from 'zod';
import { HISTORY_TIMEOUT_MS } from '../constants';
import { planDeliverCheck, planDeliverCheckBody } from '../plan-control';
import {
  PLAN_CURVE_PERMS,
  planCurveBody,
  planCurveCopyBody,
  planCurveEnableBody,
  planCurveIdBody,
  planCurvePage,
  planCurvePageBody,
  planCurveTemplate,
  planCurveUpdateBody,
  planDeliverBody,
  planDelivery,
  planDeliveryIdBody,
  planDeliveryPage,
  planDeliveryPageBody,
  plannedVsActual,
  plannedVsActualBody,
} from '../plan-curve';
import { endpointGroup } from './endpoint';

const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;
const base = '/strategy/plan-curve';

/**
 * Plan curves (issue 14 part 4): templates (/strategic-management/plan-curve), delivery to
 * stations (/plan-curve-issue), its history (/history-plan-curve) and planned versus actual
 * power. Reads need a session (history and charts only show stations in the caller's scope);
 * changes need the page's buttons; delivery the re-entered password too.
 */
export const planCurveApi = /*#__PURE__*/ endpointGroup('planCurve', {
  page: {
    method: 'POST',
    path: `${base}/page`,
    body: planCurvePageBody,
    response: planCurvePage,
    access: {},
    summary: 'A page of plan curve templates, filtered by number or name and enablement',
  },
  detail: {
    method: 'POST',
    path: `${base}/detail`,
    body: planCurveIdBody,
    response: planCurveTemplate,
    access: {},
    summary: 'One plan curve template with its segments',
  },
  add: {
    method: 'POST',
    path: `${base}/add`,
    body: planCurveBody,
    response: planCurveTemplate,
    access: write(PLAN_CURVE_PERMS.add),
    errors: [409],
    summary:
      "Add a plan curve template (segments must not overlap, SOC lower ≤ upper, power within the station's rated power); a shared one only by an administrator",
  },
  copy: {
    method: 'POST',
    path: `${base}/copy`,
    body: planCurveCopyBody,
    response: planCurveTemplate,
    access: { ...write(PLAN_CURVE_PERMS.add), station: 'stationId' },
    summary:
      'Copy a template (a shared one, to edit it) as a template of a station in scope, checked against its rating',
  },
  update: {
    method: 'POST',
    path: `${base}/update`,
    body: planCurveUpdateBody,
    response: planCurveTemplate,
    access: write(PLAN_CURVE_PERMS.edit),
    errors: [409],
    summary:
      'Change a plan curve template (a new modify time: deliveries must name it); a shared one only by an administrator (403)',
  },
  setEnabled: {
    method: 'POST',
    path: `${base}/enable`,
    body: planCurveEnableBody,
    response: planCurveTemplate,
    access: write(PLAN_CURVE_PERMS.edit),
    summary: 'Enable or disable a plan curve template; a shared one only by an administrator (403)',
  },
  remove: {
    method: 'POST',
    path: `${base}/delete`,
    body: planCurveIdBody,
    response: z.null(),
    access: write(PLAN_CURVE_PERMS.delete),
    errors: [409],
    summary:
      'Delete a plan curve template; it must be disabled first (409 otherwise); a shared one only by an administrator (403)',
  },
  deliver: {
    method: 'POST',
    path: `${base}/deliver`,
    body: planDeliverBody,
    response: planDelivery,
    access: write(PLAN_CURVE_PERMS.issue),
    errors: [409],
    summary:
      "Deliver a template to stations' EMS (password re-entered): 409 when the template changed since read; 400 naming the station and segment when a segment's power exceeds a station's rated power (nothing is sent)",
  },
  deliverCheck: {
    method: 'POST',
    path: `${base}/deliver/check`,
    body: planDeliverCheckBody,
    response: planDeliverCheck,
    access: { perms: [PLAN_CURVE_PERMS.issue] },
    summary:
      "Before a delivery: each station's control source now, the setpoints the plan would release (by device), or why the station would refuse it (EMS stopped, sequence running)",
  },
  deliveryPage: {
    method: 'POST',
    path: `${base}/delivery/page`,
    body: planDeliveryPageBody,
    response: planDeliveryPage,
    access: {},
    summary: 'Delivery history, newest first, filtered by station, template, time and state (stations in scope only)',
  },
  deliveryDetail: {
    method: 'POST',
    path: `${base}/delivery/detail`,
    body: planDeliveryIdBody,
    response: planDelivery,
    access: {},
    summary: "One delivery: the plan it carried and each station's command state and message",
  },
  plannedVsActual: {
    method: 'POST',
    path: `${base}/planned-vs-actual`,
    body: plannedVsActualBody,
    response: plannedVsActual,
    access: { station: 'stationId' },
    timeoutMs: HISTORY_TIMEOUT_MS,
    summary: "A station's local day per quarter-hour: planned power of the plan in force, actual storage power and SOC",
  },
});
