/**
 * The seeded menu tree of spec section 2: one table drives the server's menu rows, role grants,
 * button permissions, the web's page registry (by `url`) and the menu names in four languages.
 * Administrators may add rows later; these are the built-in ones.
 */
import { type Names, names } from './i18n';
import type { StationType } from './station';

export const SEED_ROLES = ['admin', 'operator', 'maintainer', 'manager', 'screen'] as const;
export type SeedRole = (typeof SEED_ROLES)[number];

export type SeedButton = { code: string; perms: string; names: Names; roles: SeedRole[] };

export type SeedMenu = {
  code: string;
  url: string;
  icon?: string;
  names: Names;
  /** Roles granted by the seed; admin always has every row. */
  roles: SeedRole[];
  /** Station types for which the entry exists; omitted = all. */
  stationTypes?: StationType[];
  hidden?: boolean;
  /** Permission of the page itself (its list and read calls require it); buttons carry the rest. */
  perms?: string;
  show?: 'all' | 'pc' | 'app';
  /** Opens in a new window (large screens). */
  external?: boolean;
  buttons?: SeedButton[];
  children?: SeedMenu[];
};

const n = names;

const ALL: SeedRole[] = ['operator', 'maintainer', 'manager', 'screen'];
const STAFF: SeedRole[] = ['operator', 'maintainer', 'manager'];
const OPS: SeedRole[] = ['operator', 'maintainer'];
const OPERATOR: SeedRole[] = ['operator'];
const MAINT: SeedRole[] = ['maintainer'];
const LIVE: StationType[] = ['operating'];
const BUILT: StationType[] = ['operating', 'construction'];

const btn = (code: string, perms: string, names: Names, roles: SeedRole[] = []): SeedButton => ({
  code,
  perms,
  names,
  roles,
});
const ADD = n('新增', 'Add', 'Añadir', '追加');
const EDIT = n('修改', 'Edit', 'Editar', '編集');
const DEL = n('删除', 'Delete', 'Eliminar', '削除');
const EXPORT = n('导出', 'Export', 'Exportar', 'エクスポート');
const IMPORT = n('导入', 'Import', 'Importar', 'インポート');
const SYNC = n('同步', 'Sync', 'Sincronizar', '同期');
const crud = (prefix: string, roles: SeedRole[] = []): SeedButton[] => [
  btn(`${prefix}.add`, `${prefix.replaceAll('.', ':')}:add`, ADD, roles),
  btn(`${prefix}.edit`, `${prefix.replaceAll('.', ':')}:edit`, EDIT, roles),
  btn(`${prefix}.delete`, `${prefix.replaceAll('.', ':')}:delete`, DEL, roles),
];

export const SEED_MENU: SeedMenu[] = [
  {
    code: 'surveillance',
    url: '/surveillance',
    icon: 'DashboardOutlined',
    names: n('站点监控', 'Monitoring', 'Supervisión', '監視'),
    roles: ALL,
    // Granted with the always-present monitoring entry so every role can hold the language switch.
    buttons: [
      btn(
        'surveillance.translate',
        'sys:translate',
        n('多语言切换', 'Language switch', 'Cambio de idioma', '言語切替'),
        ALL,
      ),
    ],
    children: [
      {
        code: 'surveillance.siteHomepage',
        url: '/surveillance/site-homepage',
        icon: 'HomeOutlined',
        names: n('站点首页', 'Site home', 'Inicio de la estación', 'サイトホーム'),
        roles: ALL,
        buttons: [
          btn(
            'surveillance.siteHomepage.config',
            'surveillance:home:config',
            n('首页配置', 'Home configuration', 'Configurar inicio', 'ホーム設定'),
            OPERATOR,
          ),
        ],
      },
      {
        code: 'surveillance.siteOverview',
        url: '/surveillance/site-overview',
        icon: 'TableOutlined',
        names: n('站点监控总览', 'Sites overview', 'Resumen de estaciones', 'サイト監視一覧'),
        roles: STAFF,
      },
      {
        code: 'surveillance.energyStorage',
        url: '/surveillance/energy-storage',
        icon: 'ThunderboltOutlined',
        names: n('储能监控', 'Energy storage', 'Almacenamiento', '蓄電監視'),
        roles: ALL,
        stationTypes: BUILT,
      },
      {
        code: 'surveillance.pcsTopology',
        url: '/surveillance/pcs-topology',
        icon: 'ApartmentOutlined',
        names: n('PCS拓扑', 'PCS topology', 'Topología PCS', 'PCSトポロジ'),
        roles: STAFF,
        stationTypes: BUILT,
      },
      {
        code: 'surveillance.batteryTopology',
        url: '/surveillance/battery-topology',
        icon: 'ClusterOutlined',
        names: n('电池拓扑', 'Battery topology', 'Topología de baterías', 'バッテリートポロジ'),
        roles: STAFF,
        stationTypes: BUILT,
      },
      {
        code: 'surveillance.batteryAnalysis',
        url: '/surveillance/battery-analysis',
        icon: 'LineChartOutlined',
        names: n('历史曲线', 'History curves', 'Curvas históricas', '履歴曲線'),
        roles: STAFF,
        stationTypes: BUILT,
        buttons: [btn('surveillance.batteryAnalysis.export', 'surveillance:history:export', EXPORT, STAFF)],
      },
      {
        code: 'surveillance.standard215',
        url: '/surveillance/standard-215-device-list',
        icon: 'UnorderedListOutlined',
        names: n('标准215设备列表', 'Standard-215 devices', 'Equipos estándar 215', '標準215機器一覧'),
        roles: STAFF,
        stationTypes: BUILT,
      },
      {
        code: 'surveillance.chargeDischarge',
        url: '/surveillance/charge-discharge-data',
        icon: 'BarChartOutlined',
        names: n('充放电数据', 'Charge-discharge data', 'Datos de carga y descarga', '充放電データ'),
        roles: STAFF,
        stationTypes: LIVE,
        buttons: [btn('surveillance.chargeDischarge.export', 'surveillance:charge:export', EXPORT, STAFF)],
      },
      {
        code: 'surveillance.earningsGlance',
        url: '/surveillance/earnings-glance',
        icon: 'MoneyCollectOutlined',
        names: n('收益概览', 'Earnings glance', 'Resumen de ingresos', '収益概要'),
        roles: STAFF,
        stationTypes: LIVE,
      },
      {
        code: 'surveillance.powerQuality',
        url: '/surveillance/power-quality',
        icon: 'FundOutlined',
        names: n('电能质量', 'Power quality', 'Calidad de energía', '電力品質'),
        roles: STAFF,
        stationTypes: LIVE,
      },
      {
        code: 'surveillance.stationReport',
        url: '/surveillance/station-report',
        icon: 'FileTextOutlined',
        names: n('电站统计报表', 'Station statistics', 'Estadísticas de la estación', '発電所統計レポート'),
        roles: STAFF,
        stationTypes: LIVE,
        buttons: [btn('surveillance.stationReport.export', 'surveillance:report:export', EXPORT, STAFF)],
      },
      {
        code: 'surveillance.dashboard',
        url: '/surveillance/dashboard',
        icon: 'PieChartOutlined',
        names: n('数据看板', 'Dashboard', 'Panel', 'ダッシュボード'),
        roles: ALL,
        buttons: [
          btn(
            'surveillance.dashboard.share',
            'surveillance:dashboard:share',
            n('共享', 'Share', 'Compartir', '共有'),
            OPS,
          ),
          btn(
            'surveillance.dashboard.publish',
            'surveillance:dashboard:publish',
            n('发布链接', 'Publish link', 'Publicar enlace', 'リンク公開'),
            OPERATOR,
          ),
        ],
      },
    ],
  },
  {
    code: 'alarm',
    url: '/alarm',
    icon: 'AlertOutlined',
    names: n('告警中心', 'Alarms', 'Alarmas', 'アラーム'),
    roles: STAFF,
    stationTypes: BUILT,
    children: [
      {
        code: 'alarm.realtime',
        url: '/alarm/realtime',
        icon: 'BellOutlined',
        names: n('实时告警', 'Real-time alarms', 'Alarmas en tiempo real', 'リアルタイムアラーム'),
        roles: STAFF,
        buttons: [
          btn('alarm.realtime.confirm', 'alarm:realtime:confirm', n('确认', 'Confirm', 'Confirmar', '確認'), OPS),
        ],
      },
      {
        code: 'alarm.history',
        url: '/alarm/history',
        icon: 'HistoryOutlined',
        names: n('历史告警', 'Alarm history', 'Historial de alarmas', 'アラーム履歴'),
        roles: STAFF,
        buttons: [btn('alarm.history.export', 'alarm:history:export', EXPORT, STAFF)],
      },
      {
        code: 'alarm.definition',
        url: '/alarm/alarm-definition',
        icon: 'ProfileOutlined',
        names: n('告警定义', 'Alarm definitions', 'Definiciones de alarma', 'アラーム定義'),
        roles: MAINT,
        buttons: crud('alarm.definition', MAINT),
      },
    ],
  },
  {
    code: 'operationalInspection',
    url: '/operational-inspection',
    icon: 'ToolOutlined',
    names: n('运维管理', 'Operations', 'Operación y mantenimiento', '運用保守'),
    roles: STAFF,
    children: [
      {
        code: 'operationalInspection.task',
        url: '/operational-inspection/task',
        icon: 'CarryOutOutlined',
        names: n('我的工单', 'My work orders', 'Mis órdenes de trabajo', 'マイ作業指示'),
        roles: STAFF,
        buttons: [
          btn('operationalInspection.task.accept', 'ops:task:accept', n('接单', 'Accept', 'Aceptar', '受付'), OPS),
          btn(
            'operationalInspection.task.transfer',
            'ops:task:transfer',
            n('转派', 'Transfer', 'Transferir', '転送'),
            OPS,
          ),
          btn('operationalInspection.task.void', 'ops:task:void', n('作废', 'Void', 'Anular', '無効化'), OPERATOR),
          btn('operationalInspection.task.delete', 'ops:task:delete', DEL, OPERATOR),
        ],
      },
      {
        code: 'operationalInspection.addTask',
        url: '/operational-inspection/add-task',
        icon: 'FileAddOutlined',
        names: n('新建工单', 'New work order', 'Nueva orden de trabajo', '作業指示作成'),
        roles: OPS,
        perms: 'ops:task:add',
      },
      {
        code: 'operationalInspection.allTaskDetail',
        url: '/operational-inspection/all-task-detail',
        names: n('工单详情', 'Work order detail', 'Detalle de la orden', '作業指示詳細'),
        roles: STAFF,
        hidden: true,
      },
      {
        code: 'operationalInspection.activitiDefinition',
        url: '/operational-inspection/activiti-definition',
        icon: 'PartitionOutlined',
        names: n('流程定义', 'Process definitions', 'Definiciones de proceso', 'プロセス定義'),
        roles: [],
        show: 'pc',
        perms: 'ops:process:query',
        buttons: [
          btn(
            'operationalInspection.activitiDefinition.import',
            'ops:process:import',
            n('导入', 'Import', 'Importar', 'インポート'),
          ),
          btn(
            'operationalInspection.activitiDefinition.suspend',
            'ops:process:suspend',
            n('挂起', 'Suspend', 'Suspender', '一時停止'),
          ),
          btn(
            'operationalInspection.activitiDefinition.activate',
            'ops:process:activate',
            n('激活', 'Activate', 'Activar', '有効化'),
          ),
          btn('operationalInspection.activitiDefinition.delete', 'ops:process:delete', DEL),
        ],
      },
      {
        code: 'operationalInspection.activitiTemp',
        url: '/operational-inspection/activiti-temp',
        icon: 'BlockOutlined',
        names: n('流程模板', 'Process templates', 'Plantillas de proceso', 'プロセステンプレート'),
        roles: [],
        show: 'pc',
        perms: 'ops:template:query',
        buttons: [btn('operationalInspection.activitiTemp.edit', 'ops:template:edit', EDIT)],
      },
      {
        code: 'operationalInspection.messageConfig',
        url: '/operational-inspection/message-config',
        icon: 'NotificationOutlined',
        names: n('消息配置', 'Message settings', 'Configuración de mensajes', 'メッセージ設定'),
        roles: OPERATOR,
        buttons: crud('operationalInspection.messageConfig', OPERATOR),
      },
      {
        code: 'operationalInspection.userMessageConfig',
        url: '/operational-inspection/user-message-config',
        icon: 'MessageOutlined',
        names: n('我的消息', 'My messages', 'Mis mensajes', 'マイメッセージ'),
        roles: STAFF,
      },
      {
        code: 'operationalInspection.informationEntry',
        url: '/operational-inspection/information-entry',
        icon: 'FormOutlined',
        names: n('信息录入', 'Information entry', 'Registro de información', '情報登録'),
        roles: OPS,
        buttons: crud('operationalInspection.informationEntry', OPS),
      },
      {
        code: 'operationalInspection.repairRecords',
        url: '/operational-inspection/repair-records',
        icon: 'ReconciliationOutlined',
        names: n('维修记录', 'Repair records', 'Registros de reparación', '修理記録'),
        roles: STAFF,
        buttons: crud('operationalInspection.repairRecords', MAINT),
      },
    ],
  },
  {
    code: 'task',
    url: '/task',
    icon: 'SolutionOutlined',
    names: n('工单中心', 'Work orders', 'Órdenes de trabajo', '作業指示'),
    roles: STAFF,
    children: [
      {
        code: 'task.allTask',
        url: '/task/all-task',
        icon: 'OrderedListOutlined',
        names: n('全部工单', 'All work orders', 'Todas las órdenes', '全作業指示'),
        roles: STAFF,
        perms: 'task:all:query',
        buttons: [btn('task.allTask.export', 'task:all:export', EXPORT, STAFF)],
      },
      {
        code: 'task.allTaskDetail',
        url: '/task/all-task-detail',
        names: n('工单详情', 'Work order detail', 'Detalle de la orden', '作業指示詳細'),
        roles: STAFF,
        hidden: true,
      },
    ],
  },
  {
    code: 'strategicManagement',
    url: '/strategic-management',
    icon: 'ScheduleOutlined',
    names: n('策略管理', 'Strategy', 'Estrategia', '戦略管理'),
    roles: ['operator', 'manager'],
    children: [
      {
        code: 'strategicManagement.electricityCurve',
        url: '/strategic-management/electricity-curve',
        icon: 'StockOutlined',
        names: n('负荷预测', 'Load forecast', 'Previsión de carga', '負荷予測'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
      },
      {
        code: 'strategicManagement.planCurve',
        url: '/strategic-management/plan-curve',
        icon: 'AreaChartOutlined',
        names: n('计划曲线', 'Plan curves', 'Curvas de plan', '計画曲線'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
        buttons: crud('strategicManagement.planCurve', OPERATOR),
      },
      {
        code: 'strategicManagement.planCurveIssue',
        url: '/strategic-management/plan-curve-issue',
        icon: 'SendOutlined',
        names: n('计划曲线下发', 'Plan curve delivery', 'Envío de curvas de plan', '計画曲線配信'),
        roles: OPERATOR,
        stationTypes: LIVE,
        buttons: [
          btn(
            'strategicManagement.planCurveIssue.issue',
            'strategy:plan:issue',
            n('下发', 'Deliver', 'Enviar', '配信'),
            OPERATOR,
          ),
        ],
      },
      {
        code: 'strategicManagement.strategy',
        url: '/strategic-management/strategy',
        icon: 'ControlOutlined',
        names: n('削峰填谷策略', 'Peak shaving strategy', 'Estrategia de recorte de picos', 'ピークシフト戦略'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
        buttons: [btn('strategicManagement.strategy.edit', 'strategy:settings:edit', EDIT, OPERATOR)],
      },
      {
        code: 'strategicManagement.historyPlanCurve',
        url: '/strategic-management/history-plan-curve',
        icon: 'HistoryOutlined',
        names: n('下发记录', 'Delivery history', 'Historial de envíos', '配信履歴'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
      },
      {
        code: 'strategicManagement.budget',
        url: '/strategic-management/budget',
        icon: 'CalculatorOutlined',
        names: n(
          '预算与策略生成',
          'Budget and strategy generation',
          'Presupuesto y generación de estrategia',
          '予算と戦略生成',
        ),
        roles: ['operator', 'manager'],
        buttons: [
          btn(
            'strategicManagement.budget.generate',
            'strategy:budget:generate',
            n('生成策略', 'Generate strategy', 'Generar estrategia', '戦略生成'),
            ['operator', 'manager'],
          ),
        ],
      },
      {
        code: 'strategicManagement.sequentialControl',
        url: '/strategic-management/sequential-control',
        icon: 'OrderedListOutlined',
        names: n('一键顺控', 'Sequential control', 'Control secuencial', 'ワンボタン順序制御'),
        roles: OPERATOR,
        stationTypes: LIVE,
        buttons: [
          btn(
            'strategicManagement.sequentialControl.run',
            'strategy:sequence:run',
            n('执行', 'Run', 'Ejecutar', '実行'),
            OPERATOR,
          ),
          ...crud('strategicManagement.sequentialControl', OPERATOR),
        ],
      },
      {
        code: 'strategicManagement.hosting',
        url: '/strategic-management/hosting',
        icon: 'CloudServerOutlined',
        names: n('托管与审核', 'Hosting and review', 'Alojamiento y revisión', 'ホスティングと審査'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
        perms: 'strategicManagement:hosting:query',
        buttons: [
          btn('strategicManagement.hosting.edit', 'strategicManagement:hosting:edit', EDIT, OPERATOR),
          btn(
            'strategicManagement.hosting.review',
            'strategicManagement:hosting:review',
            n('审核', 'Review', 'Revisar', '審査'),
            OPERATOR,
          ),
        ],
      },
    ],
  },
  {
    code: 'revenueManagement',
    url: '/revenue-management',
    icon: 'AccountBookOutlined',
    names: n('收益管理', 'Revenue', 'Ingresos', '収益管理'),
    roles: ['operator', 'manager'],
    children: [
      {
        code: 'revenueManagement.priceConfiguration',
        url: '/revenue-management/price-configuration',
        icon: 'DollarOutlined',
        names: n('电价配置', 'Price configuration', 'Configuración de precios', '電気料金設定'),
        roles: ['operator', 'manager'],
        perms: 'revenueManagement:priceConfiguration:query',
        buttons: crud('revenueManagement.priceConfiguration', OPERATOR),
      },
      {
        code: 'revenueManagement.earningsStatement',
        url: '/revenue-management/earnings-statement',
        icon: 'FileDoneOutlined',
        names: n('收益结算', 'Revenue settlement', 'Liquidación de ingresos', '収益精算'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
        perms: 'revenue:statement:query',
        buttons: [
          btn('revenueManagement.earningsStatement.export', 'revenue:statement:export', EXPORT, [
            'operator',
            'manager',
          ]),
          btn(
            'revenueManagement.earningsStatement.ratio',
            'revenue:statement:ratio',
            n('结算比例', 'Settlement ratio', 'Proporción de liquidación', '精算比率'),
            OPERATOR,
          ),
        ],
      },
      {
        code: 'revenueManagement.proxyPriceRegion',
        url: '/revenue-management/proxy-price-region',
        icon: 'GlobalOutlined',
        names: n('代理购电区域', 'Proxy price regions', 'Regiones de precio de compra', '代理購入電力地域'),
        roles: ['operator', 'manager'],
        perms: 'revenueManagement:proxyPriceRegion:query',
        buttons: crud('revenueManagement.proxyPriceRegion', OPERATOR),
      },
      {
        code: 'revenueManagement.proxyPrice',
        url: '/revenue-management/proxy-price',
        icon: 'TagsOutlined',
        names: n('代理购电价格', 'Proxy purchase prices', 'Precios de compra delegada', '代理購入電力価格'),
        roles: ['operator', 'manager'],
        perms: 'revenueManagement:proxyPrice:query',
        buttons: [
          ...crud('revenueManagement.proxyPrice', OPERATOR),
          btn('revenueManagement.proxyPrice.import', 'revenueManagement:proxyPrice:import', IMPORT, OPERATOR),
          btn('revenueManagement.proxyPrice.export', 'revenueManagement:proxyPrice:export', EXPORT, [
            'operator',
            'manager',
          ]),
        ],
      },
      {
        code: 'revenueManagement.carbon',
        url: '/revenue-management/carbon',
        icon: 'CloudOutlined',
        names: n('碳足迹与能耗', 'Carbon and energy use', 'Carbono y consumo', 'カーボンとエネルギー消費'),
        roles: ['operator', 'manager'],
        stationTypes: LIVE,
        perms: 'revenue:carbon:query',
        buttons: [
          btn('revenueManagement.carbon.export', 'revenue:carbon:export', EXPORT, ['operator', 'manager']),
          ...crud('revenueManagement.carbon', OPERATOR),
        ],
      },
    ],
  },
  {
    code: 'runReview',
    url: '/run-review',
    icon: 'AuditOutlined',
    names: n('运行评价', 'Run reviews', 'Evaluación de operación', '運転評価'),
    roles: ['operator', 'manager'],
    stationTypes: LIVE,
    children: [
      {
        code: 'runReview.capacity',
        url: '/run-review/charge-discharge-capacity',
        icon: 'RiseOutlined',
        names: n('充放电能力', 'Charge-discharge capacity', 'Capacidad de carga y descarga', '充放電能力'),
        roles: ['operator', 'manager'],
        perms: 'runReview:capacity:query',
      },
      {
        code: 'runReview.efficiency',
        url: '/run-review/efficiency-level',
        icon: 'PercentageOutlined',
        names: n('效率水平', 'Efficiency level', 'Nivel de eficiencia', '効率レベル'),
        roles: ['operator', 'manager'],
        perms: 'runReview:efficiency:query',
      },
      {
        code: 'runReview.deviceStatus',
        url: '/run-review/device-run-status',
        icon: 'CheckCircleOutlined',
        names: n('设备运行状态', 'Device run status', 'Estado de funcionamiento', '機器運転状態'),
        roles: ['operator', 'manager'],
        perms: 'runReview:deviceStatus:query',
      },
    ],
  },
  {
    code: 'remoteControl',
    url: '/remote-control',
    icon: 'ApiOutlined',
    names: n('远程控制', 'Remote control', 'Control remoto', 'リモート制御'),
    roles: OPS,
    stationTypes: BUILT,
    children: [
      {
        code: 'remoteControl.issueOrder',
        url: '/remote-control/issue-order',
        icon: 'SendOutlined',
        names: n('指令下发', 'Command delivery', 'Envío de órdenes', '指令配信'),
        roles: OPERATOR,
        buttons: [
          btn('remoteControl.issueOrder.send', 'remote:order:send', n('下发', 'Deliver', 'Enviar', '配信'), OPERATOR),
        ],
      },
      {
        code: 'remoteControl.integratedCabinet',
        url: '/remote-control/intergrated-cabinet',
        icon: 'DatabaseOutlined',
        names: n('一体柜控制', 'Integrated cabinet', 'Armario integrado', '一体型キャビネット'),
        roles: OPS,
        buttons: [
          btn(
            'remoteControl.integratedCabinet.control',
            'remote:cabinet:control',
            n('控制', 'Control', 'Controlar', '制御'),
            OPS,
          ),
        ],
      },
      {
        code: 'remoteControl.fileService',
        url: '/remote-control/file-service',
        icon: 'FolderOpenOutlined',
        names: n('远程文件', 'Remote files', 'Archivos remotos', 'リモートファイル'),
        roles: MAINT,
        perms: 'remoteControl:fileService:query',
        buttons: [
          btn(
            'remoteControl.fileService.transfer',
            'remote:file:transfer',
            n('传输', 'Transfer', 'Transferir', '転送'),
            MAINT,
          ),
          btn(
            'remoteControl.fileService.upload',
            'remote:file:upload',
            n('上传', 'Upload', 'Subir', 'アップロード'),
            MAINT,
          ),
          btn('remoteControl.fileService.delete', 'remote:file:delete', DEL, MAINT),
        ],
      },
    ],
  },
  {
    code: 'system',
    url: '/system',
    icon: 'SettingOutlined',
    names: n('系统管理', 'System', 'Sistema', 'システム管理'),
    roles: MAINT,
    children: [
      sys(
        'menu',
        '/system/menu',
        'MenuOutlined',
        n('菜单管理', 'Menus', 'Menús', 'メニュー管理'),
        [],
        crud('sys.menu'),
      ),
      sys(
        'user',
        '/system/user',
        'UserOutlined',
        n('用户管理', 'Users', 'Usuarios', 'ユーザー管理'),
        [],
        [
          ...crud('sys.user'),
          btn(
            'system.user.resetPwd',
            'sys:user:resetPwd',
            n('重置密码', 'Reset password', 'Restablecer contraseña', 'パスワードリセット'),
          ),
        ],
      ),
      sys('role', '/system/role', 'TeamOutlined', n('角色管理', 'Roles', 'Roles', 'ロール管理'), [], crud('sys.role')),
      sys(
        'org',
        '/system/org',
        'ApartmentOutlined',
        n('组织管理', 'Organisations', 'Organizaciones', '組織管理'),
        [],
        crud('sys.org'),
      ),
      sys(
        'log',
        '/system/log',
        'FileSearchOutlined',
        n('日志管理', 'Logs', 'Registros', 'ログ管理'),
        [],
        [
          btn('system.log.query', 'sys:log:query', n('查询日志', 'Read logs', 'Consultar registros', 'ログ照会')),
          btn('system.log.export', 'sys:log:export', EXPORT),
        ],
      ),
      sys(
        'dictionary',
        '/system/dictionary',
        'BookOutlined',
        n('字典管理', 'Dictionary', 'Diccionario', '辞書管理'),
        [],
        crud('sys.dict'),
      ),
      {
        ...sys(
          'post',
          '/system/post',
          'IdcardOutlined',
          n('岗位管理', 'Posts', 'Puestos', '職位管理'),
          [],
          crud('sys.post'),
        ),
        show: 'pc',
      },
      {
        ...sys(
          'department',
          '/system/department',
          'BankOutlined',
          n('电站管理', 'Stations', 'Estaciones', '発電所管理'),
          [],
          crud('sys.station'),
        ),
        show: 'pc',
      },
      sys(
        'rate',
        '/system/rate',
        'PercentageOutlined',
        n('费率模板', 'Rate templates', 'Plantillas de tarifa', '料金テンプレート'),
        [],
        [
          ...crud('sys.rate'),
          // Re-pricing past days rewrites settled revenue: no seeded role but the administrators.
          btn(
            'sys.rate.reprice',
            'sys:rate:reprice',
            n('重新计价历史收益', 'Re-price past revenue', 'Recalcular ingresos pasados', '過去収益の再計算'),
          ),
        ],
      ),
      sys(
        'stationRole',
        '/system/station-role',
        'SafetyOutlined',
        n('电站角色', 'Station roles', 'Roles de estación', '発電所ロール'),
        [],
        crud('sys.stationRole'),
      ),
      sys('equipment', '/system/equipment', 'HddOutlined', n('设备管理', 'Equipment', 'Equipos', '機器管理'), MAINT, [
        ...crud('sys.equipment', MAINT),
        btn(
          'sys.equipment.meter',
          'sys:equipment:meter',
          n('电表配置', 'Meter configuration', 'Configurar contadores', 'メーター設定'),
          MAINT,
        ),
        // Device MQTT secrets: admin only (admin holds every permission, so no role is granted).
        btn(
          'sys.equipment.credentials',
          'sys:equipment:credentials',
          n('设备凭证', 'Device credentials', 'Credenciales del equipo', '機器認証情報'),
        ),
      ]),
      sys(
        'alarmConfiguration',
        '/system/alarm-configuration',
        'AlertOutlined',
        n('告警配置', 'Alarm configuration', 'Configuración de alarmas', 'アラーム設定'),
        MAINT,
        [btn('sys.alarmConfig.edit', 'sys:alarmConfig:edit', EDIT, MAINT)],
      ),
      sys(
        'emsEquipment',
        '/system/ems-equipment',
        'ClusterOutlined',
        n('EMS设备', 'EMS equipment', 'Equipos EMS', 'EMS機器'),
        MAINT,
      ),
      sys(
        'emsModel',
        '/system/ems-model',
        'BuildOutlined',
        n('EMS模型', 'EMS models', 'Modelos EMS', 'EMSモデル'),
        MAINT,
        crud('sys.emsModel', MAINT),
      ),
      sys(
        'equipmentModelRelevancy',
        '/system/equipment-model-relevancy',
        'LinkOutlined',
        n('设备模型关联', 'Device-model links', 'Vínculos equipo-modelo', '機器モデル関連'),
        MAINT,
        [btn('sys.equipmentModelRelevancy.edit', 'sys:equipmentModelRelevancy:edit', EDIT, MAINT)],
      ),
      sys(
        'equipModel',
        '/system/equip-model',
        'AppstoreOutlined',
        n('设备模型', 'Device models', 'Modelos de equipo', '機器モデル'),
        MAINT,
        crud('sys.equipModel', MAINT),
      ),
      sys(
        'modelType',
        '/system/model-type',
        'TagOutlined',
        n('模型类型', 'Model types', 'Tipos de modelo', 'モデル種別'),
        MAINT,
        crud('sys.modelType', MAINT),
      ),
      sys(
        'virtualDeviceCol',
        '/system/virtual-device-col',
        'FunctionOutlined',
        n('虚拟设备', 'Virtual devices', 'Equipos virtuales', '仮想機器'),
        MAINT,
        crud('sys.virtual', MAINT),
      ),
      sys(
        'synchronizeVirtual',
        '/system/synchronize-virtual-configuration',
        'SyncOutlined',
        n('虚拟配置同步', 'Virtual configuration sync', 'Sincronizar configuración virtual', '仮想設定同期'),
        MAINT,
        [btn('sys.synchronizeVirtual.sync', 'sys:synchronizeVirtual:sync', SYNC, MAINT)],
      ),
      sys(
        'offsetSetting',
        '/system/offset-setting',
        'ColumnWidthOutlined',
        n('偏移量设置', 'Offset settings', 'Ajustes de desplazamiento', 'オフセット設定'),
        MAINT,
        [btn('sys.offsetSetting.edit', 'sys:offsetSetting:edit', EDIT, MAINT)],
      ),
      sys(
        'deviceUpgrade',
        '/system/device-upgrade',
        'CloudUploadOutlined',
        n('设备升级', 'Device upgrade', 'Actualización de equipos', '機器アップグレード'),
        MAINT,
        [
          btn(
            'system.deviceUpgrade.run',
            'sys:upgrade:run',
            n('升级', 'Upgrade', 'Actualizar', 'アップグレード'),
            MAINT,
          ),
          btn(
            'system.deviceUpgrade.package',
            'sys:upgrade:package',
            n('升级包', 'Firmware packages', 'Paquetes de firmware', 'ファームウェア'),
            MAINT,
          ),
        ],
      ),
      sys(
        'smsConfiguration',
        '/system/sms-configuration',
        'MailOutlined',
        n('短信配置', 'SMS settings', 'Configuración SMS', 'SMS設定'),
        [],
      ),
      sys(
        'siteConfiguration',
        '/system/site-configuration',
        'CloudSyncOutlined',
        n('站点配置同步', 'Site configuration sync', 'Sincronizar configuración', 'サイト設定同期'),
        MAINT,
        [
          btn('sys.siteConfig.sync', 'sys:siteConfig:sync', SYNC, MAINT),
          btn(
            'sys.siteConfig.topology',
            'sys:siteConfig:topology',
            n('拓扑跳转配置', 'Topology jumps', 'Saltos de topología', 'トポロジージャンプ設定'),
            MAINT,
          ),
          btn(
            'sys.siteConfig.home',
            'sys:siteConfig:home',
            n('首页默认配置', 'Home page default', 'Inicio predeterminado', 'ホーム既定設定'),
            MAINT,
          ),
        ],
      ),
    ],
  },
  {
    code: 'largeScreen',
    url: '/large-screen',
    icon: 'DesktopOutlined',
    names: n('可视化大屏', 'Large screens', 'Pantallas grandes', '大画面'),
    roles: ['operator', 'manager', 'screen'],
    children: [
      {
        code: 'largeScreen.screen',
        url: '/screen',
        icon: 'FundProjectionScreenOutlined',
        names: n('电站大屏', 'Station screen', 'Pantalla de estación', '発電所大画面'),
        roles: ['operator', 'manager', 'screen'],
        external: true,
      },
      {
        code: 'largeScreen.newScreen',
        url: '/new-screen',
        icon: 'FundViewOutlined',
        names: n('新版大屏', 'New screen', 'Pantalla nueva', '新大画面'),
        roles: ['operator', 'manager', 'screen'],
        external: true,
      },
      {
        code: 'largeScreen.commonScreen',
        url: '/common-screen',
        icon: 'GlobalOutlined',
        names: n('集团大屏', 'Group screen', 'Pantalla del grupo', 'グループ大画面'),
        roles: ['manager', 'screen'],
        external: true,
      },
    ],
  },
];

function sys(
  code: string,
  url: string,
  icon: string,
  names: Names,
  roles: SeedRole[],
  buttons?: SeedButton[],
): SeedMenu {
  return { code: `system.${code}`, url, icon, names, roles, perms: `sys:${code}:query`, buttons: buttons ?? [] };
}

/** Every seeded page in depth-first order (children before buttons). */
export function flattenSeedMenu(tree: SeedMenu[] = SEED_MENU): SeedMenu[] {
  return tree.flatMap((m) => [m, ...flattenSeedMenu(m.children ?? [])]);
}
