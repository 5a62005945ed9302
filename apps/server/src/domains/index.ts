import type { ApiModule } from '../kernel/api-module';
import { authApi } from './access/auth';
import { menuAdminApi, menuApi } from './access/menu';
import { orgApi } from './access/org';
import { postApi } from './access/post';
import { roleApi } from './access/role';
import { stationRoleApi } from './access/station-role';
import { themeApi } from './access/theme';
import { userAdminApi, userApi } from './access/user';
import { alarmApi } from './alarms/alarm';
import { messageApi } from './alarms/message';
import { notifyApi } from './alarms/notify';
import { controlApi } from './control/control';
import { planCurveApi } from './control/plan-curve';
import { remoteFileApi } from './control/remote-file';
import { sequenceApi } from './control/sequence';
import { siteSyncApi } from './control/site-sync';
import { strategyApi } from './control/strategy';
import { upgradeApi } from './control/upgrade';
import { carbonApi } from './money/carbon';
import { reviewApi } from './money/review';
import { statementApi } from './money/statement';
import { dashboardApi } from './monitoring/dashboard';
import { energyReportApi } from './monitoring/energy-report';
import { monitoringApi } from './monitoring/monitoring';
import { rateApi } from './monitoring/rate';
import { reportApi } from './monitoring/report';
import { dictApi } from './platform/dict';
import { filesApi } from './platform/files';
import { logsApi } from './platform/logs';
import { platformApi } from './platform/platform';
import { curveSetApi } from './stations/curve-set';
import { deviceApi } from './stations/device';
import { dynamicConfigApi } from './stations/dynamic-config';
import { equipmentApi } from './stations/equipment';
import { homeConfigApi } from './stations/home-config';
import { meterRoleApi } from './stations/meter-role';
import { offsetApi } from './stations/offset';
import { pointApi } from './stations/point';
import { stationAdminApi, stationApi } from './stations/station';
import { topologyJumpApi } from './stations/topology-jump';
import { virtualApi } from './stations/virtual';
import { weatherApi } from './stations/weather';
import { liveApi } from './telemetry/live';
import { automationApi } from './workorder/automation';
import { orderApi } from './workorder/order';
import { processApi } from './workorder/process';
import { recordsApi } from './workorder/records';

/** The composition root: every API module, mounted under /api in this order. A module wires
 * itself from the shared parts (`ModuleDeps`) in its own `<name>.module.ts`. */
export const apiModules: ApiModule[] = [
  authApi,
  userApi,
  userAdminApi,
  roleApi,
  stationRoleApi,
  themeApi,
  menuApi,
  menuAdminApi,
  stationApi,
  stationAdminApi,
  orgApi,
  postApi,
  dictApi,
  weatherApi,
  deviceApi,
  pointApi,
  virtualApi,
  meterRoleApi,
  monitoringApi,
  liveApi,
  homeConfigApi,
  dashboardApi,
  energyReportApi,
  curveSetApi,
  dynamicConfigApi,
  reportApi,
  logsApi,
  messageApi,
  platformApi,
  alarmApi,
  notifyApi,
  rateApi,
  carbonApi,
  statementApi,
  reviewApi,
  equipmentApi,
  offsetApi,
  topologyJumpApi,
  siteSyncApi,
  sequenceApi,
  controlApi,
  planCurveApi,
  strategyApi,
  processApi,
  orderApi,
  automationApi,
  filesApi,
  recordsApi,
  upgradeApi,
  remoteFileApi,
];
