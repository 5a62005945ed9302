import { roleApi, stationRoleApi, userAdminApi } from './admin-api';
import { alarmApi } from './alarm-api';
import { carbonApi } from './carbon-api';
import { configApi } from './config-api';
import { controlApi } from './control-api';
import { dashboardApi } from './dashboard-api';
import { curveSetApi, deviceApi, meterRoleApi, pageConfigApi, pointApi, virtualApi } from './device-api';
import { dictApi } from './dict-api';
import { defineEndpointTable } from './endpoint-table';
import { equipModelApi, equipmentApi, modelTypeApi, relevancyApi } from './equipment-api';
import { filesApi } from './files-api';
import { hostingApi } from './hosting-api';
import { logApi } from './log-api';
import { menuAdminApi } from './menu-admin-api';
import { messageApi } from './message-api';
import { homeConfigApi, monitoringApi, reportApi } from './monitoring-api';
import { notifyApi } from './notify-api';
import { opsApi } from './ops-api';
import { orgApi } from './org-api';
import { planCurveApi } from './plan-curve-api';
import { proxyApi } from './proxy-api';
import { rateApi } from './rate-api';
import { remoteFileApi } from './remote-file-api';
import { reviewApi } from './review-api';
import { sequenceApi } from './sequence-api';
import { sessionApi } from './session-api';
import { shellApi } from './shell-api';
import { statementApi } from './statement-api';
import { stationAdminApi } from './station-admin-api';
import { strategyApi } from './strategy-api';
import { subscriptionApi } from './subscription-api';
import { themeApi } from './theme-api';
import { upgradeApi } from './upgrade-api';
import { workRecordsApi } from './work-records-api';
import { workorderApi } from './workorder-api';

export * from './action-names';
export * from './admin-api';
export * from './alarm-api';
export * from './carbon-api';
export * from './command-issuers';
export * from './config-api';
export * from './control-api';
export * from './dashboard-api';
export * from './device-api';
export * from './dict-api';
export * from './endpoint';
export * from './endpoint-table';
export * from './equipment-api';
export * from './files-api';
export * from './hosting-api';
export * from './log-api';
export * from './menu-admin-api';
export * from './message-api';
export * from './monitoring-api';
export * from './notify-api';
export * from './ops-api';
export * from './org-api';
export * from './plan-curve-api';
export * from './proxy-api';
export * from './rate-api';
export * from './remote-file-api';
export * from './review-api';
export * from './sequence-api';
export * from './session-api';
export * from './shell-api';
export * from './statement-api';
export * from './station-admin-api';
export * from './strategy-api';
export * from './subscription-api';
export * from './theme-api';
export * from './upgrade-api';
export * from './work-records-api';
export * from './workorder-api';

/**
 * Every call of the API, by name. The server registers each entry (and a test fails on a
 * route outside this table); the web imports the group it needs (`sessionApi`, …), so a
 * page's bundle carries only its own schemas. Built by `defineEndpointTable`: a name or a
 * method and path twice fails at load (and a name twice at compile time), never silently.
 * Pure for bundlers: the web, which never reads the table, drops it.
 */
export const endpoints = /*#__PURE__*/ defineEndpointTable(
  sessionApi,
  themeApi,
  shellApi,
  deviceApi,
  pointApi,
  virtualApi,
  meterRoleApi,
  pageConfigApi,
  curveSetApi,
  monitoringApi,
  homeConfigApi,
  dashboardApi,
  reportApi,
  logApi,
  messageApi,
  alarmApi,
  notifyApi,
  rateApi,
  proxyApi,
  hostingApi,
  subscriptionApi,
  carbonApi,
  statementApi,
  reviewApi,
  modelTypeApi,
  equipModelApi,
  relevancyApi,
  equipmentApi,
  orgApi,
  stationAdminApi,
  userAdminApi,
  roleApi,
  stationRoleApi,
  configApi,
  menuAdminApi,
  dictApi,
  strategyApi,
  controlApi,
  sequenceApi,
  planCurveApi,
  opsApi,
  filesApi,
  upgradeApi,
  remoteFileApi,
  workRecordsApi,
  workorderApi,
);
export type EndpointName = keyof typeof endpoints;
