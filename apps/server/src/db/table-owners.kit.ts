/**
 * Who owns each table (docs/architecture.md "Domains"): the module whose repository writes it,
 * or a shared place of the server (`kernel`, `plugins`, `db` for the seed's settings). Keyed by
 * the table's name in db/*schema.ts. db/table-owners.test.ts holds production code to it.
 */
export type Owner = `${string}/${string}` | 'kernel' | 'plugins' | 'db';

export const TABLE_OWNERS: Readonly<Record<string, Owner>> = {
  // access
  sessions: 'access/auth',
  passwordAttempts: 'access/auth',
  loginSources: 'access/auth',
  loginThrottle: 'access/auth',
  loginKeys: 'access/auth',
  seenKeys: 'access/auth',
  users: 'access/user',
  userRoles: 'access/user',
  userStations: 'access/user',
  roles: 'access/role',
  roleMenus: 'access/role',
  roleOrgs: 'access/role',
  menus: 'access/menu',
  stationRoles: 'access/station-role',
  orgs: 'access/org',
  posts: 'access/post',
  userThemes: 'access/theme',
  // firmware upgrades
  upgradePackages: 'control/upgrade',
  upgradeTasks: 'control/upgrade',
  upgradeDevices: 'control/upgrade',
  fileTransfers: 'control/remote-file',
  // money
  carbonFactors: 'money/carbon',
  settlementRatios: 'money/statement',
  reportSubscriptions: 'money/statement',
  // stations
  stations: 'stations/station',
  stationLogos: 'stations/station',
  devices: 'stations/device',
  points: 'stations/point',
  deviceModels: 'stations/equipment',
  modelPoints: 'stations/equipment',
  modelTypes: 'stations/equipment',
  emsModelLinks: 'stations/equipment',
  curveSets: 'stations/curve-set',
  pageConfigs: 'stations/dynamic-config',
  meterRoles: 'stations/meter-role',
  meterConnections: 'stations/meter-role',
  pointOffsets: 'stations/offset',
  topologyJumps: 'stations/topology-jump',
  homeConfigs: 'stations/home-config',
  homeDefaults: 'stations/home-config',
  // telemetry
  tsMsg: 'telemetry/telemetry',
  tsLatest: 'telemetry/telemetry',
  ts15m: 'telemetry/telemetry',
  ts1d: 'telemetry/telemetry',
  energyPeriodDays: 'monitoring/energy',
  dashboards: 'monitoring/dashboard',
  dashboardRoles: 'monitoring/dashboard',
  familyLinks: 'monitoring/dashboard',
  tsRollupPending: 'telemetry/telemetry',
  tsRollupSamples: 'telemetry/telemetry',
  tsRollupBatches: 'telemetry/telemetry',
  tsQuarantine: 'telemetry/telemetry',
  sysInstances: 'telemetry/cluster',
  // monitoring
  touTemplates: 'monitoring/rate',
  stationTouTemplates: 'monitoring/rate',
  proxyRegions: 'monitoring/rate',
  proxyPrices: 'monitoring/rate',
  // alarms
  alarmDefinitions: 'alarms/alarm',
  alarmStationOverrides: 'alarms/alarm',
  alarmEvents: 'alarms/alarm',
  notifyChains: 'alarms/notify',
  notifySteps: 'alarms/notify',
  notifyTasks: 'alarms/notify',
  notifyQuietHours: 'alarms/notify',
  notifyRates: 'alarms/notify',
  notifyLog: 'alarms/notify',
  notifyNotices: 'alarms/notify',
  messages: 'alarms/message',
  messageStations: 'alarms/message',
  messageUsers: 'alarms/message',
  messageReceipts: 'alarms/message',
  // control
  commands: 'control/command',
  planCurves: 'control/plan-curve',
  planDeliveries: 'control/plan-curve',
  planDeliveryStations: 'control/plan-curve',
  sequenceTemplates: 'control/sequence',
  sequenceRuns: 'control/sequence',
  sequenceRunSteps: 'control/sequence',
  stationStrategies: 'control/strategy',
  hostingSettings: 'control/strategy',
  hostingDays: 'control/strategy',
  // platform
  dictTypes: 'platform/dict',
  dictItems: 'platform/dict',
  logs: 'platform/logs',
  clientErrors: 'platform/logs',
  storedFiles: 'platform/files',
  // work orders
  inspectionRecords: 'workorder/records',
  repairRecords: 'workorder/records',
  // work orders: engine and definitions, orders, what opens orders
  processDefinitions: 'workorder/process',
  orderTemplates: 'workorder/process',
  workOrders: 'workorder/order',
  orderSteps: 'workorder/order',
  orderNumbers: 'workorder/order',
  orderTimers: 'workorder/order',
  orderRules: 'workorder/automation',
  orderSchedules: 'workorder/automation',
  // shared places
  jobRuns: 'kernel',
  rateLimitCounters: 'plugins',
  settings: 'db',
};

/** A production place (a module, or kernel, lib, simulation…) using another's table, and why. */
export type CrossRead = { module: string; table: string; why: string };

const reads = (module: string, why: string, tables: readonly string[]): CrossRead[] =>
  tables.map((table) => ({ module, table, why }));

/**
 * Today's uses of another module's table by production code, each with its reason. The list
 * may only shrink: a new pair fails the test, and so does a pair no longer used. Most are joins
 * a report, list or check makes in one statement (names, scope, the device tree); the way out
 * is a query the owner exports through its face.
 */
export const CROSS_MODULE_READS: readonly CrossRead[] = [
  ...reads('access/auth', 'a session is read joined with its user in one statement', ['users']),
  ...reads('access/grants', 'the grant rules are one query over the access tables', [
    'orgs',
    'roleMenus',
    'roleOrgs',
    'roles',
    'stationRoles',
    'userRoles',
    'userStations',
    'users',
  ]),
  ...reads('access/menu', "the menu tree joins the caller's roles' grants", ['roleMenus', 'roles']),
  ...reads('access/menu', 'a station-bound menu checks its station ids exist', ['stations']),
  ...reads('access/org', 'an organisation is deleted only without stations or users in it', ['stations', 'users']),
  ...reads('access/role', "a role's menu and organisation links are checked and listed", ['menus', 'orgs']),
  ...reads('access/station-role', 'the list joins the user, the station and the role names', [
    'roles',
    'stations',
    'users',
  ]),
  ...reads('access/theme', 'the system theme is a key of the settings store', ['settings']),
  ...reads('access/user', "the user list and a session's rights join organisations, posts, roles, menus", [
    'menus',
    'orgs',
    'posts',
    'roleMenus',
    'roles',
  ]),
  ...reads('alarms/alarm', 'definitions and events join the device, its model, point and station', [
    'deviceModels',
    'devices',
    'modelPoints',
    'points',
    'stations',
  ]),
  ...reads('alarms/alarm', 'the alarm seed adds its menus, grants, dictionaries and marker', [
    'dictItems',
    'dictTypes',
    'menus',
    'roleMenus',
    'roles',
    'settings',
  ]),
  ...reads('alarms/message', 'delivery joins the stations and users a message reaches', ['stations', 'users']),
  ...reads('alarms/notify', 'a chain resolves its receivers (users, roles, station scope) in SQL', [
    'roles',
    'stations',
    'userRoles',
    'users',
  ]),
  ...reads('alarms/notify', 'a task reads its alarm event with device and point names', [
    'alarmEvents',
    'devices',
    'points',
  ]),
  ...reads('control/command', 'the command log and value checks join device, point, station, user', [
    'devices',
    'points',
    'stations',
    'users',
  ]),
  ...reads('control/command', "a command left by a dead instance is found by its instance's heartbeat", [
    'sysInstances',
  ]),
  ...reads('control/control', 'remote control reads devices with model, points and latest values', [
    'deviceModels',
    'devices',
    'points',
    'stations',
    'tsLatest',
  ]),
  ...reads('control/plan-curve', 'who controls a station now: running sequences, last commands, latest power', [
    'commands',
    'devices',
    'points',
    'sequenceRuns',
    'tsLatest',
  ]),
  ...reads('control/plan-curve', 'plan and delivery lists join station and user names', ['stations', 'users']),
  ...reads('control/sequence', 'a run joins its commands, devices, points, latest values and names', [
    'commands',
    'devices',
    'points',
    'stations',
    'tsLatest',
    'users',
  ]),
  ...reads('control/site-sync', "the EMS's site configuration is built from the device tree", [
    'deviceModels',
    'devices',
    'meterRoles',
    'points',
  ]),
  ...reads('kernel', "the caller's station scope is a condition on the stations table", ['stations']),
  ...reads('monitoring/energy', "energy reads the meters' and air conditioners' counter points", [
    'devices',
    'meterRoles',
    'points',
  ]),
  ...reads('monitoring/monitoring', 'station totals and the site overview join devices, points, meter roles', [
    'devices',
    'meterRoles',
    'points',
  ]),
  ...reads('monitoring/rate', 'templates list their stations and the region dictionary', [
    'dictItems',
    'dictTypes',
    'stations',
  ]),
  ...reads('monitoring/report', 'report rows join devices and points to the roll-ups', ['devices', 'points']),
  ...reads('platform/dict', "the dictionaries' version is a key of the settings store", ['settings']),
  ...reads('simulation', "the demo simulator reads the stations' devices, points and last counters", [
    'devices',
    'points',
    'stations',
    'tsLatest',
  ]),
  ...reads('stations/device', 'the device tree joins models, points, latest values and the station', [
    'deviceModels',
    'points',
    'stations',
    'tsLatest',
  ]),
  ...reads('stations/dynamic-config', 'page rows join device and point; a page checks its menu grant', [
    'devices',
    'menus',
    'points',
    'roleMenus',
    'roles',
  ]),
  ...reads('stations/equipment', 'installing equipment writes devices; lists join points and stations', [
    'devices',
    'points',
    'stations',
  ]),
  ...reads('stations/meter-role', 'meter roles are listed with device names', ['devices']),
  ...reads('stations/offset', 'offsets are listed with device, point and the user who set them', [
    'devices',
    'points',
    'users',
  ]),
  ...reads('stations/point', "a point's device and station are joined for scope and names", ['devices', 'stations']),
  ...reads('stations/station', 'the station list joins the organisation name', ['orgs']),
  ...reads('stations/topology-jump', 'jumps are listed and checked with their target devices', ['devices']),
  ...reads('stations/virtual', 'virtual devices are devices and points of a model, written here', [
    'deviceModels',
    'devices',
    'modelPoints',
    'points',
  ]),
  ...reads('telemetry/telemetry', 'the ingest registry loads stations, devices, points, offsets at once', [
    'devices',
    'pointOffsets',
    'points',
    'stations',
  ]),
  ...reads('workorder/order', 'order lists join station, device and user names; assignment resolves users and posts', [
    'devices',
    'posts',
    'stations',
    'users',
  ]),
  ...reads('workorder/automation', 'rules and schedules are listed with their station names in scope', ['stations']),
];
