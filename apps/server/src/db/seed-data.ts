import { type Names, names, type ProvinceCode, type StationType } from '@ess/contract';

const n = (zh_CN: string, en_US: string, es_ES: string, ja_JP: string): Names => ({ zh_CN, en_US, es_ES, ja_JP });

/** The demo group: organisation tree, stations with real coordinates, users per role. */
/** The demo organisations; `names` per language, the stored name is the Chinese. */
export const SEED_ORGS = [
  {
    code: 'G',
    names: names('华储能源集团', 'Huachu Energy Group', 'Grupo Energético Huachu', '華儲エネルギーグループ'),
    parent: null,
  },
  {
    code: 'G-JS',
    names: names('江苏分公司', 'Jiangsu branch', 'Sucursal de Jiangsu', '江蘇支社'),
    parent: 'G',
  },
  {
    code: 'G-GD',
    names: names('广东分公司', 'Guangdong branch', 'Sucursal de Guangdong', '広東支社'),
    parent: 'G',
  },
  {
    code: 'G-ZJ',
    names: names('浙江分公司', 'Zhejiang branch', 'Sucursal de Zhejiang', '浙江支社'),
    parent: 'G',
  },
] as const;

export type SeedStation = {
  code: string;
  name: string;
  provinceCode: ProvinceCode;
  city: string;
  cityNames: Names;
  address: string;
  org: string;
  type: StationType;
  ratedPowerKw: number;
  capacityKwh: number;
  latitude: number;
  longitude: number;
  gridConnectionTime: string | null;
  contact: string;
  phone: string;
  /** Spec 2: certain stations show no weather; some force the Chinese interface. */
  showWeather?: boolean;
  forceChinese?: boolean;
};

export const SEED_STATIONS: SeedStation[] = [
  {
    code: 'JS-SZ01',
    name: '苏州工业园区储能电站',
    provinceCode: '32',
    city: '苏州市',
    cityNames: n('苏州市', 'Suzhou', 'Suzhou', '蘇州市'),
    address: '苏州工业园区星湖街 328 号',
    org: 'G-JS',
    type: 'operating',
    ratedPowerKw: 2500,
    capacityKwh: 5000,
    latitude: 31.3165,
    longitude: 120.7206,
    gridConnectionTime: '2023-06-18',
    contact: '周工',
    phone: '13812345601',
  },
  {
    code: 'JS-NJ01',
    name: '南京江宁储能电站',
    provinceCode: '32',
    city: '南京市',
    cityNames: n('南京市', 'Nanjing', 'Nankín', '南京市'),
    address: '南京市江宁区秣陵街道',
    org: 'G-JS',
    type: 'operating',
    ratedPowerKw: 1000,
    capacityKwh: 2150,
    latitude: 31.9523,
    longitude: 118.8399,
    gridConnectionTime: '2024-01-09',
    contact: '吴工',
    phone: '13812345602',
  },
  {
    code: 'JS-WX01',
    name: '无锡新吴光储充电站',
    provinceCode: '32',
    city: '无锡市',
    cityNames: n('无锡市', 'Wuxi', 'Wuxi', '無錫市'),
    address: '无锡市新吴区震泽路',
    org: 'G-JS',
    type: 'construction',
    ratedPowerKw: 500,
    capacityKwh: 1075,
    latitude: 31.4906,
    longitude: 120.4037,
    gridConnectionTime: null,
    contact: '陈工',
    phone: '13812345603',
  },
  {
    code: 'GD-SZ01',
    name: '深圳宝安储能电站',
    provinceCode: '44',
    city: '深圳市',
    cityNames: n('深圳市', 'Shenzhen', 'Shenzhen', '深セン市'),
    address: '深圳市宝安区福永街道',
    org: 'G-GD',
    type: 'operating',
    ratedPowerKw: 2000,
    capacityKwh: 4300,
    latitude: 22.5551,
    longitude: 113.8837,
    gridConnectionTime: '2023-11-30',
    contact: '李工',
    phone: '13912345604',
  },
  {
    code: 'GD-GZ01',
    name: '广州南沙光储电站',
    provinceCode: '44',
    city: '广州市',
    cityNames: n('广州市', 'Guangzhou', 'Cantón', '広州市'),
    address: '广州市南沙区黄阁镇',
    org: 'G-GD',
    type: 'operating',
    ratedPowerKw: 100,
    capacityKwh: 215,
    latitude: 22.8016,
    longitude: 113.5253,
    gridConnectionTime: '2024-05-20',
    contact: '黄工',
    phone: '13912345605',
  },
  {
    code: 'GD-DG01',
    name: '东莞松山湖储能项目',
    provinceCode: '44',
    city: '东莞市',
    cityNames: n('东莞市', 'Dongguan', 'Dongguan', '東莞市'),
    address: '东莞市松山湖高新区',
    org: 'G-GD',
    type: 'proposed',
    ratedPowerKw: 3000,
    capacityKwh: 6000,
    latitude: 22.9285,
    longitude: 113.8876,
    gridConnectionTime: null,
    contact: '梁工',
    phone: '13912345606',
    // A proposed site has no instruments yet: the navbar shows no weather for it.
    showWeather: false,
  },
  {
    code: 'ZJ-HZ01',
    name: '杭州余杭储能电站',
    provinceCode: '33',
    city: '杭州市',
    cityNames: n('杭州市', 'Hangzhou', 'Hangzhou', '杭州市'),
    address: '杭州市余杭区仓前街道',
    org: 'G-ZJ',
    type: 'operating',
    ratedPowerKw: 1500,
    capacityKwh: 3225,
    latitude: 30.4205,
    longitude: 120.2998,
    gridConnectionTime: '2024-03-15',
    contact: '王工',
    phone: '13712345607',
  },
  {
    code: 'ZJ-NB01',
    name: '宁波北仑储能项目',
    provinceCode: '33',
    city: '宁波市',
    cityNames: n('宁波市', 'Ningbo', 'Ningbo', '寧波市'),
    address: '宁波市北仑区大碶街道',
    org: 'G-ZJ',
    type: 'construction',
    ratedPowerKw: 2000,
    capacityKwh: 4000,
    latitude: 29.8999,
    longitude: 121.8447,
    gridConnectionTime: null,
    contact: '徐工',
    phone: '13712345608',
    // The construction crew's screens are Chinese-only.
    forceChinese: true,
  },
];

/** The seeded roles' names and descriptions in the four languages (stored: the Chinese, as fallback). */
export const SEED_ROLE_NAMES: Record<string, { names: Names; descriptions: Names }> = {
  admin: {
    names: names('系统管理员', 'System administrator', 'Administrador del sistema', 'システム管理者'),
    descriptions: names(
      '全部菜单和权限',
      'All menus and permissions',
      'Todos los menús y permisos',
      'すべてのメニューと権限',
    ),
  },
  operator: {
    names: names('运行值班员', 'Shift operator', 'Operador de turno', '運転当直員'),
    descriptions: names(
      '运行电站：监控、告警、策略、指令',
      'Operates stations: monitoring, alarms, strategy, commands',
      'Opera las estaciones: supervisión, alarmas, estrategia, comandos',
      '発電所の運転：監視、アラーム、戦略、指令',
    ),
  },
  maintainer: {
    names: names('运维检修员', 'Maintenance technician', 'Técnico de mantenimiento', '保守点検員'),
    descriptions: names(
      '运维：工单、设备、文件、升级',
      'Maintenance: work orders, equipment, files, upgrades',
      'Mantenimiento: órdenes de trabajo, equipos, archivos, actualizaciones',
      '保守：作業指示、設備、ファイル、アップグレード',
    ),
  },
  manager: {
    names: names('集团管理者', 'Group manager', 'Directivo del grupo', 'グループ管理者'),
    descriptions: names(
      '只读，查看集团全部电站',
      'Read-only, group-wide view of every station',
      'Solo lectura, vista de todas las estaciones del grupo',
      '閲覧のみ、グループ全発電所を表示',
    ),
  },
  screen: {
    names: names('大屏演示', 'Large-screen demo', 'Demostración en pantalla grande', '大画面デモ'),
    descriptions: names(
      '大屏只读演示账号',
      'Read-only demo account for large screens',
      'Cuenta de demostración de solo lectura para pantallas grandes',
      '大画面用の閲覧専用デモアカウント',
    ),
  },
};

export type SeedUser = {
  username: string;
  realName: string;
  role: string;
  org: string;
  groupWide: boolean;
  readOnly: boolean;
  demo?: boolean;
};

export const SEED_USERS: SeedUser[] = [
  { username: 'admin', realName: '系统管理员', role: 'admin', org: 'G', groupWide: true, readOnly: false },
  { username: 'operator', realName: '张运行', role: 'operator', org: 'G-JS', groupWide: false, readOnly: false },
  { username: 'maintainer', realName: '李运维', role: 'maintainer', org: 'G-GD', groupWide: false, readOnly: false },
  { username: 'manager', realName: '王经理', role: 'manager', org: 'G', groupWide: true, readOnly: true },
  {
    username: 'screen',
    realName: '大屏演示',
    role: 'screen',
    org: 'G',
    groupWide: true,
    readOnly: true,
    demo: true,
  },
];

type L = { zh_CN: string; en_US: string; es_ES: string; ja_JP: string };
const l = (zh_CN: string, en_US: string, es_ES: string, ja_JP: string): L => ({ zh_CN, en_US, es_ES, ja_JP });

/** The seeded dictionaries: descriptions and item labels in the four languages (stored: the Chinese, as fallback). */
export const SEED_DICTS: { type: string; descriptions: L; items: { key: string; value: string; labels: L }[] }[] = [
  {
    type: 'pointType',
    descriptions: l(
      '测点类型：遥测、遥信、遥控、遥调',
      'Point kinds: telemetry, status, control, setpoint',
      'Tipos de punto: telemedida, estado, telemando, consigna',
      '測定点の種類：テレメータ、テレインジケータ、テレコントロール、テレセットポイント',
    ),
    items: [
      { key: 'telemetry', value: '1', labels: l('遥测', 'Telemetry', 'Telemedida', 'テレメータ') },
      { key: 'status', value: '2', labels: l('遥信', 'Status', 'Estado', 'テレインジケータ') },
      { key: 'control', value: '3', labels: l('遥控', 'Control', 'Telemando', 'テレコントロール') },
      { key: 'setpoint', value: '4', labels: l('遥调', 'Setpoint', 'Consigna', 'テレセットポイント') },
    ],
  },
  {
    type: 'symbolType',
    descriptions: l('计量单位', 'Units of measurement', 'Unidades de medida', '計量単位'),
    items: [
      { key: 'kW', value: 'kW', labels: l('千瓦', 'kW', 'kW', 'kW') },
      { key: 'kWh', value: 'kWh', labels: l('千瓦时', 'kWh', 'kWh', 'kWh') },
      { key: 'kVar', value: 'kVar', labels: l('千乏', 'kVar', 'kVar', 'kVar') },
      { key: 'V', value: 'V', labels: l('伏', 'V', 'V', 'V') },
      { key: 'A', value: 'A', labels: l('安', 'A', 'A', 'A') },
      { key: 'Hz', value: 'Hz', labels: l('赫兹', 'Hz', 'Hz', 'Hz') },
      { key: 'degC', value: '°C', labels: l('摄氏度', '°C', '°C', '°C') },
      { key: 'percent', value: '%', labels: l('百分比', '%', '%', '%') },
      { key: 'kOhm', value: 'kΩ', labels: l('千欧', 'kΩ', 'kΩ', 'kΩ') },
    ],
  },
  {
    type: 'stationType',
    descriptions: l(
      '电站建设状态',
      'Station construction state',
      'Estado de construcción de la estación',
      '発電所の建設状況',
    ),
    items: [
      { key: 'operating', value: 'operating', labels: l('投运', 'In operation', 'En operación', '運転中') },
      {
        key: 'construction',
        value: 'construction',
        labels: l('在建', 'Under construction', 'En construcción', '建設中'),
      },
      { key: 'proposed', value: 'proposed', labels: l('拟建', 'Proposed', 'Propuesta', '計画中') },
    ],
  },
  {
    type: 'siteStatus',
    descriptions: l('站点状态', 'Site status', 'Estado del emplazamiento', 'サイトの状態'),
    items: [
      { key: 'normal', value: 'normal', labels: l('正常', 'Normal', 'Normal', '正常') },
      { key: 'fault', value: 'fault', labels: l('故障停机', 'Fault shutdown', 'Parada por fallo', '故障停止') },
      { key: 'offline', value: 'offline', labels: l('离线', 'Offline', 'Desconectada', 'オフライン') },
      { key: 'lost', value: 'lost', labels: l('失联', 'Lost contact', 'Sin contacto', '通信途絶') },
      {
        key: 'construction',
        value: 'construction',
        labels: l('在建', 'Under construction', 'En construcción', '建設中'),
      },
      { key: 'proposed', value: 'proposed', labels: l('拟建', 'Proposed', 'Propuesta', '計画中') },
    ],
  },
  {
    type: 'deviceStatus',
    descriptions: l(
      '设备通信状态',
      'Device communication status',
      'Estado de comunicación del equipo',
      '機器の通信状態',
    ),
    items: [
      { key: 'online', value: '1', labels: l('在线', 'Online', 'En línea', 'オンライン') },
      { key: 'offline', value: '0', labels: l('离线', 'Offline', 'Fuera de línea', 'オフライン') },
    ],
  },
  {
    type: 'messageType',
    descriptions: l('消息类型', 'Message types', 'Tipos de mensaje', 'メッセージの種類'),
    items: [
      { key: 'hint', value: '1', labels: l('提示', 'Hint', 'Aviso', 'ヒント') },
      { key: 'fault', value: '2', labels: l('故障', 'Fault', 'Fallo', '故障') },
      { key: 'alarm', value: '3', labels: l('告警', 'Alarm', 'Alarma', 'アラーム') },
    ],
  },
  {
    type: 'orderType',
    descriptions: l('工单类型', 'Work order types', 'Tipos de orden de trabajo', '作業指示の種類'),
    items: [
      { key: 'repair', value: '1', labels: l('故障维修', 'Fault repair', 'Reparación', '故障修理') },
      { key: 'inspection', value: '2', labels: l('电站巡检', 'Station inspection', 'Inspección', '巡回点検') },
      { key: 'cleaning', value: '3', labels: l('电站清洗', 'Station cleaning', 'Limpieza', '清掃') },
    ],
  },
  {
    type: 'frequencyUnit',
    descriptions: l(
      '消息播放频率单位',
      'Message play frequency units',
      'Unidades de frecuencia de reproducción de mensajes',
      'メッセージ再生頻度の単位',
    ),
    items: [
      { key: 'minute', value: 'minute', labels: l('分钟', 'Minute', 'Minuto', '分') },
      { key: 'hour', value: 'hour', labels: l('小时', 'Hour', 'Hora', '時間') },
      { key: 'day', value: 'day', labels: l('天', 'Day', 'Día', '日') },
      { key: 'month', value: 'month', labels: l('月', 'Month', 'Mes', '月') },
    ],
  },
  {
    type: 'touPeriod',
    descriptions: l(
      '分时电价时段',
      'Time-of-use tariff periods',
      'Periodos de la tarifa horaria',
      '時間帯別料金の時間帯',
    ),
    items: [
      { key: 'sharp', value: 'sharp', labels: l('尖', 'Sharp', 'Punta crítica', 'ピーク尖') },
      { key: 'peak', value: 'peak', labels: l('峰', 'Peak', 'Punta', 'ピーク') },
      { key: 'flat', value: 'flat', labels: l('平', 'Flat', 'Llano', 'フラット') },
      { key: 'valley', value: 'valley', labels: l('谷', 'Valley', 'Valle', 'オフピーク') },
      { key: 'deepValley', value: 'deepValley', labels: l('深谷', 'Deep valley', 'Supervalle', '深夜オフピーク') },
    ],
  },
  {
    type: 'electricityType',
    descriptions: l(
      '费率模板的用电类型',
      'Electricity types of rate templates',
      'Tipos de suministro de las plantillas de tarifa',
      '料金テンプレートの電力種別',
    ),
    items: [
      {
        key: 'commercial',
        value: 'commercial',
        labels: l('一般工商业', 'General industry and commerce', 'Industria y comercio general', '一般商工業'),
      },
      {
        key: 'largeIndustry',
        value: 'largeIndustry',
        labels: l('大工业', 'Large industry', 'Gran industria', '大口産業'),
      },
      { key: 'residential', value: 'residential', labels: l('居民生活', 'Residential', 'Residencial', '住宅用') },
      {
        key: 'agriculture',
        value: 'agriculture',
        labels: l('农业生产', 'Agricultural production', 'Producción agrícola', '農業生産'),
      },
    ],
  },
  {
    type: 'sex',
    descriptions: l('性别', 'Sex', 'Sexo', '性別'),
    items: [
      { key: 'male', value: '1', labels: l('男', 'Male', 'Hombre', '男性') },
      { key: 'female', value: '2', labels: l('女', 'Female', 'Mujer', '女性') },
    ],
  },
  {
    type: 'alarmLevel',
    descriptions: l(
      '告警等级：1 紧急 … 4 提示',
      'Alarm levels: 1 critical … 4 hint',
      'Niveles de alarma: 1 crítica … 4 aviso',
      'アラームレベル：1 緊急 … 4 通知',
    ),
    items: [
      { key: '1', value: '1', labels: l('紧急', 'Critical', 'Crítica', '緊急') },
      { key: '2', value: '2', labels: l('重要', 'Major', 'Mayor', '重要') },
      { key: '3', value: '3', labels: l('次要', 'Minor', 'Menor', '軽微') },
      { key: '4', value: '4', labels: l('提示', 'Hint', 'Aviso', '通知') },
    ],
  },
];
