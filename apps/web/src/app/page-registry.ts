import { flattenSeedMenu, SCREEN_ROUTES } from '@ess/contract';
import { type Lazy, lazyNamed } from '@/lib/lazy-named';

/**
 * The web half of "one table drives menu and route" (architecture rule 6): the server's menu
 * gives url, name, roles and permissions; this maps a url to its page. A url of the menu that
 * is not here shows the honest "not built yet" page until its issue lands.
 */
export const PAGES: Record<string, Lazy> = {
  '/surveillance/battery-analysis': lazyNamed(
    () => import('@/features/history/pages/battery-analysis-page'),
    'BatteryAnalysisPage',
  ),
  '/surveillance/site-homepage': lazyNamed(() => import('@/features/home/pages/site-home-page'), 'SiteHomePage'),
  '/surveillance/charge-discharge-data': lazyNamed(
    () => import('@/features/energy-report/pages/charge-discharge-page'),
    'ChargeDischargePage',
  ),
  '/surveillance/earnings-glance': lazyNamed(
    () => import('@/features/energy-report/pages/earnings-glance-page'),
    'EarningsGlancePage',
  ),
  '/surveillance/energy-storage': lazyNamed(
    () => import('@/features/devices/pages/energy-storage-page'),
    'EnergyStoragePage',
  ),
  '/surveillance/pcs-topology': lazyNamed(
    () => import('@/features/devices/pages/pcs-topology-page'),
    'PcsTopologyPage',
  ),
  '/surveillance/battery-topology': lazyNamed(
    () => import('@/features/devices/pages/battery-topology-page'),
    'BatteryTopologyPage',
  ),
  '/surveillance/standard-215-device-list': lazyNamed(
    () => import('@/features/devices/pages/standard-215-page'),
    'Standard215Page',
  ),
  '/surveillance/site-overview': lazyNamed(
    () => import('@/features/site-overview/pages/site-overview-page'),
    'SiteOverviewPage',
  ),
  '/surveillance/power-quality': lazyNamed(
    () => import('@/features/station-report/pages/power-quality-page'),
    'PowerQualityPage',
  ),
  '/surveillance/station-report': lazyNamed(
    () => import('@/features/station-report/pages/station-report-page'),
    'StationReportPage',
  ),
  '/system/log': lazyNamed(() => import('@/features/system-log/pages/system-log-page'), 'SystemLogPage'),
  '/system/org': lazyNamed(() => import('@/features/organisations/pages/org-page'), 'OrgPage'),
  '/system/post': lazyNamed(() => import('@/features/posts/pages/post-page'), 'PostPage'),
  '/system/department': lazyNamed(() => import('@/features/stations/pages/station-page'), 'StationPage'),
  '/system/menu': lazyNamed(() => import('@/features/menus/pages/menu-page'), 'MenuPage'),
  '/system/user': lazyNamed(() => import('@/features/access/pages/user-page'), 'UserPage'),
  '/system/role': lazyNamed(() => import('@/features/access/pages/role-page'), 'RolePage'),
  '/system/station-role': lazyNamed(() => import('@/features/access/pages/station-role-page'), 'StationRolePage'),
  '/system/dictionary': lazyNamed(() => import('@/features/dictionary/pages/dictionary-page'), 'DictionaryPage'),
  '/system/rate': lazyNamed(() => import('@/features/rates/pages/rate-page'), 'RatePage'),
  '/revenue-management/price-configuration': lazyNamed(
    () => import('@/features/rates/pages/price-configuration-page'),
    'PriceConfigurationPage',
  ),
  '/revenue-management/earnings-statement': lazyNamed(
    () => import('@/features/statement/pages/statement-page'),
    'StatementPage',
  ),
  '/revenue-management/proxy-price-region': lazyNamed(
    () => import('@/features/rates/pages/proxy-region-page'),
    'ProxyRegionPage',
  ),
  '/revenue-management/proxy-price': lazyNamed(
    () => import('@/features/rates/pages/proxy-price-page'),
    'ProxyPricePage',
  ),
  '/revenue-management/carbon': lazyNamed(() => import('@/features/carbon/pages/carbon-page'), 'CarbonPage'),
  '/run-review/charge-discharge-capacity': lazyNamed(
    () => import('@/features/run-review/pages/run-review-pages'),
    'CapacityReviewPage',
  ),
  '/run-review/efficiency-level': lazyNamed(
    () => import('@/features/run-review/pages/run-review-pages'),
    'EfficiencyReviewPage',
  ),
  '/run-review/device-run-status': lazyNamed(
    () => import('@/features/run-review/pages/run-review-pages'),
    'DeviceStatusReviewPage',
  ),
  '/remote-control/issue-order': lazyNamed(() => import('@/features/control/pages/issue-order-page'), 'IssueOrderPage'),
  '/strategic-management/sequential-control': lazyNamed(
    () => import('@/features/sequence/pages/sequential-control-page'),
    'SequentialControlPage',
  ),
  '/remote-control/intergrated-cabinet': lazyNamed(
    () => import('@/features/control/pages/intergrated-cabinet-page'),
    'IntergratedCabinetPage',
  ),
  '/system/equip-model': lazyNamed(() => import('@/features/equipment/pages/equip-model-page'), 'EquipModelPage'),
  '/system/model-type': lazyNamed(() => import('@/features/equipment/pages/model-type-page'), 'ModelTypePage'),
  '/system/ems-model': lazyNamed(() => import('@/features/equipment/pages/ems-model-page'), 'EmsModelPage'),
  '/system/equipment-model-relevancy': lazyNamed(
    () => import('@/features/equipment/pages/relevancy-page'),
    'RelevancyPage',
  ),
  '/system/equipment': lazyNamed(() => import('@/features/equipment/pages/equipment-page'), 'EquipmentPage'),
  '/system/ems-equipment': lazyNamed(() => import('@/features/equipment/pages/ems-equipment-page'), 'EmsEquipmentPage'),
  '/alarm/realtime': lazyNamed(() => import('@/features/alarm/pages/realtime-alarm-page'), 'RealtimeAlarmPage'),
  '/alarm/history': lazyNamed(() => import('@/features/alarm/pages/alarm-history-page'), 'AlarmHistoryPage'),
  '/alarm/alarm-definition': lazyNamed(
    () => import('@/features/alarm/pages/alarm-definition-page'),
    'AlarmDefinitionPage',
  ),
  '/system/alarm-configuration': lazyNamed(
    () => import('@/features/alarm/pages/alarm-configuration-page'),
    'AlarmConfigurationPage',
  ),
  '/operational-inspection/activiti-definition': lazyNamed(
    () => import('@/features/work-processes/pages/process-definition-page'),
    'ProcessDefinitionPage',
  ),
  '/operational-inspection/activiti-temp': lazyNamed(
    () => import('@/features/work-processes/pages/process-template-page'),
    'ProcessTemplatePage',
  ),
  '/operational-inspection/message-config': lazyNamed(
    () => import('@/features/messages/pages/message-config-page'),
    'MessageConfigPage',
  ),
  '/operational-inspection/user-message-config': lazyNamed(
    () => import('@/features/messages/pages/user-message-page'),
    'UserMessagePage',
  ),
  '/operational-inspection/information-entry': lazyNamed(
    () => import('@/features/work-records/pages/inspection-record-page'),
    'InspectionRecordPage',
  ),
  '/operational-inspection/repair-records': lazyNamed(
    () => import('@/features/work-records/pages/repair-record-page'),
    'RepairRecordPage',
  ),
  '/system/virtual-device-col': lazyNamed(
    () => import('@/features/configuration/pages/virtual-device-page'),
    'VirtualDevicePage',
  ),
  '/system/offset-setting': lazyNamed(
    () => import('@/features/configuration/pages/offset-setting-page'),
    'OffsetSettingPage',
  ),
  '/system/site-configuration': lazyNamed(
    () => import('@/features/configuration/pages/site-configuration-page'),
    'SiteConfigurationPage',
  ),
  '/system/synchronize-virtual-configuration': lazyNamed(
    () => import('@/features/configuration/pages/virtual-sync-page'),
    'VirtualSyncPage',
  ),
  '/surveillance/dashboard': lazyNamed(() => import('@/features/dashboards/pages/dashboard-page'), 'DashboardPage'),
  '/remote-control/file-service': lazyNamed(
    () => import('@/features/remote-files/pages/remote-files-page'),
    'RemoteFilesPage',
  ),
  '/system/device-upgrade': lazyNamed(
    () => import('@/features/device-upgrade/pages/device-upgrade-page'),
    'DeviceUpgradePage',
  ),
  '/strategic-management/hosting': lazyNamed(() => import('@/features/strategy/pages/hosting-page'), 'HostingPage'),
  '/strategic-management/strategy': lazyNamed(() => import('@/features/strategy/pages/strategy-page'), 'StrategyPage'),
  '/strategic-management/electricity-curve': lazyNamed(
    () => import('@/features/strategy/pages/electricity-curve-page'),
    'ElectricityCurvePage',
  ),
  '/strategic-management/budget': lazyNamed(() => import('@/features/strategy/pages/budget-page'), 'BudgetPage'),
  '/strategic-management/plan-curve': lazyNamed(
    () => import('@/features/plan-curve/pages/plan-curve-page'),
    'PlanCurvePage',
  ),
  '/strategic-management/plan-curve-issue': lazyNamed(
    () => import('@/features/plan-curve/pages/plan-curve-issue-page'),
    'PlanCurveIssuePage',
  ),
  '/strategic-management/history-plan-curve': lazyNamed(
    () => import('@/features/plan-curve/pages/history-plan-curve-page'),
    'HistoryPlanCurvePage',
  ),
  '/operational-inspection/task': lazyNamed(
    () => import('@/features/work-orders/pages/my-orders-page'),
    'MyOrdersPage',
  ),
  '/operational-inspection/add-task': lazyNamed(
    () => import('@/features/work-orders/pages/add-order-page'),
    'AddOrderPage',
  ),
  '/operational-inspection/all-task-detail': lazyNamed(
    () => import('@/features/work-orders/pages/order-detail-page'),
    'OrderDetailPage',
  ),
  '/task/all-task': lazyNamed(() => import('@/features/work-orders/pages/all-orders-page'), 'AllOrdersPage'),
  '/task/all-task-detail': lazyNamed(() => import('@/features/work-orders/pages/order-detail-page'), 'OrderDetailPage'),
  '/system/sms-configuration': lazyNamed(
    () => import('@/features/notify/pages/sms-configuration-page'),
    'SmsConfigurationPage',
  ),
};

/** Routes inside the main layout that this build knows, from the seeded menu table. */
const SEEDED = new Set(
  flattenSeedMenu()
    .map((m) => m.url)
    .filter((u) => !(SCREEN_ROUTES as readonly string[]).includes(u)),
);

export const isKnownLayoutRoute = (path: string): boolean => SEEDED.has(path) || path in PAGES;
