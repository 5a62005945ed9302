/**
 * The built-in device models and their point lists: the one table that the seed, the ingest
 * validation, the simulator and the screens share. Sign conventions follow domain.md:
 * storage power > 0 is discharge, < 0 charge; a gateway meter's power > 0 is import.
 */
import { CONTROL_SINCE_POINT, CONTROL_SOURCE_NAMES, CONTROL_SOURCE_POINT } from './control-source';
import type { DeviceModelDef, PointDef } from './device';
import { type Names, names as n } from './i18n';
import { CELL_LIMITS } from './value-limits';

const tele = (
  code: string,
  names: Names,
  unit: string | null,
  precision: number,
  extra: Partial<PointDef> = {},
): PointDef => ({ code, names, unit, kind: 'telemetry', precision, ...extra });

const status = (
  code: string,
  names: Names,
  states: Record<string, Names>,
  extra: Partial<PointDef> = {},
): PointDef => ({
  code,
  names,
  unit: null,
  kind: 'status',
  precision: 0,
  states,
  ...extra,
});

const counter = (code: string, names: Names): PointDef => tele(code, names, 'kWh', 1, { counter: true, min: 0 });

const fast = { fast: true } as const;
const pct = { min: 0, max: 100 } as const;

const ONOFF = { '0': n('停止', 'Stopped', 'Detenido', '停止'), '1': n('运行', 'Running', 'En marcha', '運転') };

const P = n('有功功率', 'Active power', 'Potencia activa', '有効電力');
const Q = n('无功功率', 'Reactive power', 'Potencia reactiva', '無効電力');
const UA = n('A相电压', 'Phase A voltage', 'Tensión fase A', 'A相電圧');
const UB = n('B相电压', 'Phase B voltage', 'Tensión fase B', 'B相電圧');
const UC = n('C相电压', 'Phase C voltage', 'Tensión fase C', 'C相電圧');
const IA = n('A相电流', 'Phase A current', 'Corriente fase A', 'A相電流');
const IB = n('B相电流', 'Phase B current', 'Corriente fase B', 'B相電流');
const IC = n('C相电流', 'Phase C current', 'Corriente fase C', 'C相電流');
const FREQ = n('频率', 'Frequency', 'Frecuencia', '周波数');
const UDC = n('直流电压', 'DC voltage', 'Tensión CC', '直流電圧');
const IDC = n('直流电流', 'DC current', 'Corriente CC', '直流電流');
const SOC = n('SOC', 'SOC', 'SOC', 'SOC');
const SOH = n('SOH', 'SOH', 'SOH', 'SOH');
const CHARGE_E = n('累计充电量', 'Total charged energy', 'Energía cargada total', '累計充電量');
const DISCHARGE_E = n('累计放电量', 'Total discharged energy', 'Energía descargada total', '累計放電量');
/** Station auxiliary consumption (站用电) of the air conditioning: its own energy counter. */
const AUX_E = n('累计空调耗电量', 'Total cooling energy used', 'Energía de climatización total', '累計空調消費電力量');

/** A DC breaker's position: the PCS starts only with it closed, and it opens only while the PCS is stopped. */
const BREAKER = { '0': n('分闸', 'Open', 'Abierto', '開'), '1': n('合闸', 'Closed', 'Cerrado', '閉') };

/** The EMS's operating modes: reported by `mode`, chosen by `modeSet` (a plan curve's arrival also selects 2). */
const EMS_MODES = {
  '0': n('手动', 'Manual', 'Manual', '手動'),
  '1': n('策略自动', 'Strategy', 'Estrategia', '戦略自動'),
  '2': n('计划曲线', 'Plan curve', 'Curva de plan', '計画曲線'),
  '3': n('远程调度', 'Remote dispatch', 'Despacho remoto', '遠隔指令'),
};

/** Who is in control now and since when (control-source.ts, docs/control-precedence.md). */
const controlPoints: PointDef[] = [
  status(
    CONTROL_SOURCE_POINT,
    n('控制来源', 'Control source', 'Fuente de control', '制御元'),
    CONTROL_SOURCE_NAMES,
    fast,
  ),
  tele(CONTROL_SINCE_POINT, n('控制起始时间', 'In control since', 'En control desde', '制御開始時刻'), null, 0, {
    fast: true,
    min: 0,
  }),
];

const RUN_STATES = {
  '0': n('待机', 'Standby', 'En espera', '待機'),
  '1': n('充电', 'Charging', 'Cargando', '充電'),
  '2': n('放电', 'Discharging', 'Descargando', '放電'),
  '3': n('故障', 'Fault', 'Fallo', '故障'),
  '4': n('停机', 'Shutdown', 'Parada', '停止'),
};

/** Cell extremes and which cell holds them (BMS and cabinet). */
const cellPoints: PointDef[] = [
  tele('cellVmax', n('最高单体电压', 'Max cell voltage', 'Tensión máx. de celda', '最高セル電圧'), 'V', 3, {
    min: 2.0,
    max: 4.0,
    limit: CELL_LIMITS.cellVmax,
  }),
  tele(
    'cellVmaxNo',
    n('最高单体电压编号', 'Max cell voltage no.', 'N.º celda tensión máx.', '最高セル電圧番号'),
    null,
    0,
  ),
  tele('cellVmin', n('最低单体电压', 'Min cell voltage', 'Tensión mín. de celda', '最低セル電圧'), 'V', 3, {
    min: 2.0,
    max: 4.0,
    limit: CELL_LIMITS.cellVmin,
  }),
  tele(
    'cellVminNo',
    n('最低单体电压编号', 'Min cell voltage no.', 'N.º celda tensión mín.', '最低セル電圧番号'),
    null,
    0,
  ),
  tele('cellTmax', n('最高单体温度', 'Max cell temperature', 'Temp. máx. de celda', '最高セル温度'), '°C', 1, {
    min: -40,
    max: 120,
    limit: CELL_LIMITS.cellTmax,
  }),
  tele(
    'cellTmaxNo',
    n('最高单体温度编号', 'Max cell temperature no.', 'N.º celda temp. máx.', '最高セル温度番号'),
    null,
    0,
  ),
  tele('cellTmin', n('最低单体温度', 'Min cell temperature', 'Temp. mín. de celda', '最低セル温度'), '°C', 1, {
    min: -40,
    max: 120,
    limit: CELL_LIMITS.cellTmin,
  }),
  tele(
    'cellTminNo',
    n('最低单体温度编号', 'Min cell temperature no.', 'N.º celda temp. mín.', '最低セル温度番号'),
    null,
    0,
  ),
];

export const DEVICE_MODELS: DeviceModelDef[] = [
  {
    code: 'EMS-3000',
    type: 'ems',
    names: n('能量管理系统', 'Energy management system', 'Sistema de gestión de energía', 'エネルギー管理システム'),
    manufacturer: 'Huachu Energy',
    rated: {},
    points: [
      tele('cpu', n('CPU使用率', 'CPU usage', 'Uso de CPU', 'CPU使用率'), '%', 1, pct),
      tele('mem', n('内存使用率', 'Memory usage', 'Uso de memoria', 'メモリ使用率'), '%', 1, pct),
      tele('disk', n('磁盘使用率', 'Disk usage', 'Uso de disco', 'ディスク使用率'), '%', 1, pct),
      status('mode', n('运行模式', 'Operating mode', 'Modo de operación', '運転モード'), EMS_MODES),
      ...controlPoints,
      {
        code: 'pSet',
        names: n('站有功功率设定', 'Station power setpoint', 'Consigna de potencia', '発電所出力設定'),
        unit: 'kW',
        kind: 'setpoint',
        precision: 1,
      },
      {
        code: 'runControl',
        names: n('启停控制', 'Start/stop', 'Marcha/paro', '起動/停止'),
        unit: null,
        kind: 'control',
        precision: 0,
        states: ONOFF,
      },
      {
        code: 'modeSet',
        names: n('运行模式设定', 'Operating mode setting', 'Ajuste del modo de operación', '運転モード設定'),
        unit: null,
        kind: 'control',
        precision: 0,
        states: EMS_MODES,
      },
    ],
  },
  {
    code: 'PCS-1250',
    type: 'pcs',
    names: n('储能变流器', 'Power conversion system', 'Convertidor de potencia', 'パワーコンディショナ'),
    manufacturer: 'Sungrow',
    rated: { powerKw: 1250 },
    points: [
      tele('p', P, 'kW', 1, { ...fast, min: -1400, max: 1400 }),
      tele('q', Q, 'kVar', 1, { ...fast, min: -1400, max: 1400 }),
      tele('udc', UDC, 'V', 1, { ...fast, min: 0, max: 1600 }),
      tele('idc', IDC, 'A', 1, { ...fast, min: -1500, max: 1500 }),
      status('runState', n('运行状态', 'Run state', 'Estado', '運転状態'), RUN_STATES, fast),
      ...controlPoints,
      tele('ua', UA, 'V', 1, { min: 0, max: 500 }),
      tele('ub', UB, 'V', 1, { min: 0, max: 500 }),
      tele('uc', UC, 'V', 1, { min: 0, max: 500 }),
      tele('ia', IA, 'A', 1, { min: 0, max: 3000 }),
      tele('ib', IB, 'A', 1, { min: 0, max: 3000 }),
      tele('ic', IC, 'A', 1, { min: 0, max: 3000 }),
      tele('freq', FREQ, 'Hz', 2, { min: 45, max: 55 }),
      tele('igbtTemp', n('IGBT温度', 'IGBT temperature', 'Temperatura IGBT', 'IGBT温度'), '°C', 1, {
        min: -40,
        max: 150,
        limit: { warnAbove: 90, alarmAbove: 105 },
      }),
      tele('efficiency', n('转换效率', 'Conversion efficiency', 'Eficiencia de conversión', '変換効率'), '%', 1, pct),
      counter('chargeEnergy', CHARGE_E),
      counter('dischargeEnergy', DISCHARGE_E),
      {
        code: 'pSet',
        names: n('有功功率设定', 'Power setpoint', 'Consigna de potencia', '出力設定'),
        unit: 'kW',
        kind: 'setpoint',
        precision: 1,
        min: -1250,
        max: 1250,
      },
      {
        code: 'startStop',
        names: n('启停', 'Start/stop', 'Marcha/paro', '起動/停止'),
        unit: null,
        kind: 'control',
        precision: 0,
        states: ONOFF,
      },
      status(
        'dcBreakerState',
        n('直流断路器状态', 'DC breaker state', 'Estado del interruptor CC', '直流遮断器状態'),
        BREAKER,
        fast,
      ),
      {
        code: 'dcBreaker',
        names: n('直流断路器分合闸', 'DC breaker open/close', 'Apertura/cierre del interruptor CC', '直流遮断器開閉'),
        unit: null,
        kind: 'control',
        precision: 0,
        states: BREAKER,
      },
    ],
  },
  {
    code: 'BMS-C1250',
    type: 'bms',
    names: n('电池簇', 'Battery cluster', 'Clúster de baterías', '電池クラスタ'),
    manufacturer: 'CATL',
    rated: { energyKwh: 1250 },
    points: [
      tele('soc', SOC, '%', 1, { ...fast, ...pct }),
      tele('voltage', n('簇电压', 'Cluster voltage', 'Tensión del clúster', 'クラスタ電圧'), 'V', 1, {
        ...fast,
        min: 0,
        max: 1600,
      }),
      tele('current', n('簇电流', 'Cluster current', 'Corriente del clúster', 'クラスタ電流'), 'A', 1, {
        ...fast,
        min: -1000,
        max: 1000,
      }),
      tele('power', n('簇功率', 'Cluster power', 'Potencia del clúster', 'クラスタ電力'), 'kW', 1, {
        ...fast,
        min: -1000,
        max: 1000,
      }),
      status(
        'state',
        n('电池状态', 'Battery state', 'Estado de la batería', '電池状態'),
        {
          '0': n('静置', 'Idle', 'En reposo', '休止'),
          '1': n('充电', 'Charging', 'Cargando', '充電'),
          '2': n('放电', 'Discharging', 'Descargando', '放電'),
          '3': n('故障', 'Fault', 'Fallo', '故障'),
        },
        fast,
      ),
      tele('soh', SOH, '%', 1, { ...pct, limit: CELL_LIMITS.soh }),
      ...cellPoints,
      tele('insulation', n('绝缘电阻', 'Insulation resistance', 'Resistencia de aislamiento', '絶縁抵抗'), 'kΩ', 0, {
        min: 0,
        max: 100000,
        limit: { warnBelow: 500, alarmBelow: 100 },
      }),
    ],
  },
  {
    code: 'CAB-215',
    type: 'cabinet',
    names: n('215kWh一体柜', '215 kWh integrated cabinet', 'Armario integrado 215 kWh', '215kWh一体型キャビネット'),
    manufacturer: 'Huachu Energy',
    rated: { powerKw: 100, energyKwh: 215 },
    points: [
      tele('p', P, 'kW', 1, { ...fast, min: -120, max: 120 }),
      tele('q', Q, 'kVar', 1, { ...fast, min: -120, max: 120 }),
      tele('soc', SOC, '%', 1, { ...fast, ...pct }),
      tele('udc', UDC, 'V', 1, { ...fast, min: 0, max: 1000 }),
      tele('idc', IDC, 'A', 1, { ...fast, min: -250, max: 250 }),
      status('runState', n('运行状态', 'Run state', 'Estado', '運転状態'), RUN_STATES, fast),
      ...controlPoints,
      tele('soh', SOH, '%', 1, { ...pct, limit: CELL_LIMITS.soh }),
      ...cellPoints,
      tele('pcsTemp', n('变流器温度', 'PCS temperature', 'Temperatura del PCS', 'PCS温度'), '°C', 1, {
        min: -40,
        max: 150,
        limit: { warnAbove: 80, alarmAbove: 95 },
      }),
      tele('envTemp', n('柜内温度', 'Cabinet temperature', 'Temperatura interior', '盤内温度'), '°C', 1, {
        min: -40,
        max: 90,
        limit: { warnAbove: 40, warnBelow: 0, alarmAbove: 50 },
      }),
      status('acState', n('空调状态', 'Air conditioner state', 'Estado del climatizador', '空調状態'), {
        '0': n('关闭', 'Off', 'Apagado', '停止'),
        '1': n('制冷', 'Cooling', 'Refrigerando', '冷房'),
        '2': n('制热', 'Heating', 'Calentando', '暖房'),
        '3': n('通风', 'Fan', 'Ventilación', '送風'),
      }),
      counter('chargeEnergy', CHARGE_E),
      counter('dischargeEnergy', DISCHARGE_E),
      counter('auxEnergy', AUX_E),
      {
        code: 'pSet',
        names: n('有功功率设定', 'Power setpoint', 'Consigna de potencia', '出力設定'),
        unit: 'kW',
        kind: 'setpoint',
        precision: 1,
        min: -100,
        max: 100,
      },
      {
        code: 'startStop',
        names: n('启停', 'Start/stop', 'Marcha/paro', '起動/停止'),
        unit: null,
        kind: 'control',
        precision: 0,
        states: ONOFF,
      },
    ],
  },
  {
    code: 'METER-3P',
    type: 'meter',
    names: n('三相电表', 'Three-phase meter', 'Contador trifásico', '三相電力量計'),
    manufacturer: 'Acrel',
    rated: {},
    points: [
      tele('p', P, 'kW', 1, { ...fast, min: -20000, max: 20000 }),
      tele('ua', UA, 'V', 1, { ...fast, min: 0, max: 500 }),
      tele('ub', UB, 'V', 1, { ...fast, min: 0, max: 500 }),
      tele('uc', UC, 'V', 1, { ...fast, min: 0, max: 500 }),
      tele('q', Q, 'kVar', 1, { min: -20000, max: 20000 }),
      tele('ia', IA, 'A', 1, { min: 0, max: 40000 }),
      tele('ib', IB, 'A', 1, { min: 0, max: 40000 }),
      tele('ic', IC, 'A', 1, { min: 0, max: 40000 }),
      tele('freq', FREQ, 'Hz', 2, { min: 45, max: 55 }),
      tele('pf', n('功率因数', 'Power factor', 'Factor de potencia', '力率'), null, 3, { min: -1, max: 1 }),
      counter(
        'forwardEnergy',
        n('正向有功电能', 'Forward active energy', 'Energía activa directa', '正方向有効電力量'),
      ),
      counter(
        'reverseEnergy',
        n('反向有功电能', 'Reverse active energy', 'Energía activa inversa', '逆方向有効電力量'),
      ),
    ],
  },
  {
    code: 'PV-INV-100',
    type: 'pv',
    names: n('光伏逆变器', 'PV inverter', 'Inversor fotovoltaico', '太陽光インバータ'),
    manufacturer: 'Huawei',
    rated: { pvKwp: 100 },
    points: [
      tele('p', P, 'kW', 1, { ...fast, min: 0, max: 120 }),
      status(
        'state',
        n('运行状态', 'Run state', 'Estado', '運転状態'),
        {
          '0': n('待机', 'Standby', 'En espera', '待機'),
          '1': n('发电', 'Generating', 'Generando', '発電中'),
          '2': n('故障', 'Fault', 'Fallo', '故障'),
        },
        fast,
      ),
      tele('udc', UDC, 'V', 1, { min: 0, max: 1100 }),
      tele('idc', IDC, 'A', 1, { min: 0, max: 300 }),
      tele('temp', n('机内温度', 'Internal temperature', 'Temperatura interna', '内部温度'), '°C', 1, {
        min: -40,
        max: 100,
        limit: { warnAbove: 75, alarmAbove: 85 },
      }),
      tele('dailyEnergy', n('日发电量', 'Daily generation', 'Generación diaria', '日発電量'), 'kWh', 1, { min: 0 }),
      counter('totalEnergy', n('累计发电量', 'Total generation', 'Generación total', '累計発電量')),
    ],
  },
  {
    code: 'DC-120',
    type: 'charger',
    names: n('直流充电桩', 'DC charging pile', 'Cargador CC', '直流充電器'),
    manufacturer: 'TELD',
    rated: { powerKw: 120 },
    points: [
      status(
        'state',
        n('充电桩状态', 'Charger state', 'Estado del cargador', '充電器状態'),
        {
          '0': n('空闲', 'Idle', 'Libre', '待機'),
          '1': n('充电中', 'Charging', 'Cargando', '充電中'),
          '2': n('故障', 'Fault', 'Fallo', '故障'),
        },
        fast,
      ),
      tele('p', n('充电功率', 'Charging power', 'Potencia de carga', '充電電力'), 'kW', 1, {
        ...fast,
        min: 0,
        max: 130,
      }),
      tele('voltage', n('输出电压', 'Output voltage', 'Tensión de salida', '出力電圧'), 'V', 1, { min: 0, max: 1000 }),
      tele('current', n('输出电流', 'Output current', 'Corriente de salida', '出力電流'), 'A', 1, { min: 0, max: 400 }),
      tele('evSoc', n('车辆SOC', 'Vehicle SOC', 'SOC del vehículo', '車両SOC'), '%', 1, pct),
      tele('sessionEnergy', n('本次充电量', 'Session energy', 'Energía de la sesión', '今回充電量'), 'kWh', 1, {
        min: 0,
      }),
      counter('totalEnergy', n('累计充电量', 'Total charged energy', 'Energía cargada total', '累計充電量')),
    ],
  },
  {
    code: 'AC-15',
    type: 'ac',
    names: n('储能空调', 'Battery air conditioner', 'Climatizador de baterías', '蓄電池用空調'),
    manufacturer: 'Envicool',
    rated: { powerKw: 15 },
    points: [
      status('state', n('空调状态', 'Air conditioner state', 'Estado del climatizador', '空調状態'), {
        '0': n('关闭', 'Off', 'Apagado', '停止'),
        '1': n('制冷', 'Cooling', 'Refrigerando', '冷房'),
        '2': n('制热', 'Heating', 'Calentando', '暖房'),
        '3': n('通风', 'Fan', 'Ventilación', '送風'),
        '4': n('故障', 'Fault', 'Fallo', '故障'),
      }),
      tele('supplyTemp', n('送风温度', 'Supply air temperature', 'Temperatura de impulsión', '給気温度'), '°C', 1, {
        min: -40,
        max: 80,
      }),
      tele('returnTemp', n('回风温度', 'Return air temperature', 'Temperatura de retorno', '還気温度'), '°C', 1, {
        min: -40,
        max: 80,
      }),
      tele('humidity', n('湿度', 'Humidity', 'Humedad', '湿度'), '%', 0, pct),
      tele('p', n('运行功率', 'Power draw', 'Consumo', '消費電力'), 'kW', 2, { min: 0, max: 30 }),
      counter('auxEnergy', AUX_E),
      {
        code: 'setTemp',
        names: n('设定温度', 'Set temperature', 'Temperatura de consigna', '設定温度'),
        unit: '°C',
        kind: 'setpoint',
        precision: 0,
        min: 15,
        max: 35,
      },
    ],
  },
];

export const deviceModel = (code: string): DeviceModelDef | undefined => DEVICE_MODELS.find((m) => m.code === code);
