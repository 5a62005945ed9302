import type { Lang } from '../i18n';

/**
 * Devices, points, monitoring, live and curve sets (modules device, point, virtual, meter-role,
 * monitoring, live, curve-set; joined into the catalogue of catalogue.ts).
 */
export const deviceMessages = {
  deviceNotFound: {
    zh_CN: '设备不存在或无权访问',
    en_US: 'Device does not exist or is not accessible',
    es_ES: 'El equipo no existe o no es accesible',
    ja_JP: '機器が存在しないか、アクセス権がありません',
  },
  virtualNotFound: {
    zh_CN: '虚拟设备不存在或无权访问',
    en_US: 'Virtual device does not exist or is not accessible',
    es_ES: 'El equipo virtual no existe o no es accesible',
    ja_JP: '仮想機器が存在しないか、アクセス権がありません',
  },
  virtualNoCredentials: {
    zh_CN: '虚拟设备没有接入凭证',
    en_US: 'A virtual device has no credentials',
    es_ES: 'Un equipo virtual no tiene credenciales',
    ja_JP: '仮想機器には認証情報がありません',
  },
  unknownPoints: {
    zh_CN: '设备 {sn} 没有测点：{codes}',
    en_US: 'Device {sn} has no point {codes}',
    es_ES: 'El equipo {sn} no tiene el punto {codes}',
    ja_JP: '機器 {sn} に測定点 {codes} がありません',
  },
  badRange: {
    zh_CN: '结束时间必须晚于开始时间，且跨度不超过五年',
    en_US: 'The end must be after the start, at most five years later',
    es_ES: 'El final debe ser posterior al inicio, como máximo cinco años después',
    ja_JP: '終了は開始より後で、期間は五年以内にしてください',
  },
  formulaSyntax: {
    zh_CN: '测点 {point} 的公式有误（第 {at} 个字符）：{detail}',
    en_US: 'Formula of point {point} is invalid at character {at}: {detail}',
    es_ES: 'La fórmula del punto {point} no es válida en el carácter {at}: {detail}',
    ja_JP: '測定点 {point} の式が不正です（{at} 文字目）：{detail}',
  },
  formulaNoInput: {
    zh_CN: '测点 {point} 的公式未引用任何设备测点',
    en_US: 'Formula of point {point} reads no device point',
    es_ES: 'La fórmula del punto {point} no lee ningún punto de equipo',
    ja_JP: '測定点 {point} の式が機器の測定点を参照していません',
  },
  formulaUnknownDevice: {
    zh_CN: '测点 {point} 的公式引用了本电站不存在的设备 {sn}',
    en_US: 'Formula of point {point}: this station has no device {sn}',
    es_ES: 'Fórmula del punto {point}: esta estación no tiene el equipo {sn}',
    ja_JP: '測定点 {point} の式：この発電所に機器 {sn} はありません',
  },
  formulaVirtualRef: {
    zh_CN: '测点 {point} 的公式引用了虚拟设备 {sn}，公式只能引用真实设备的测点',
    en_US: 'Formula of point {point}: {sn} is a virtual device; formulas read real devices only',
    es_ES: 'Fórmula del punto {point}: {sn} es un equipo virtual; las fórmulas solo leen equipos reales',
    ja_JP: '測定点 {point} の式：{sn} は仮想機器です。式は実機器の測定点のみ参照できます',
  },
  formulaUnknownPoint: {
    zh_CN: '测点 {point} 的公式：设备 {sn} 没有测点 {code}',
    en_US: 'Formula of point {point}: device {sn} has no point {code}',
    es_ES: 'Fórmula del punto {point}: el equipo {sn} no tiene el punto {code}',
    ja_JP: '測定点 {point} の式：機器 {sn} に測定点 {code} はありません',
  },
  formulaUnknownTypePoint: {
    zh_CN: '测点 {point} 的公式：设备类型 {type} 的型号没有测点 {code}',
    en_US: 'Formula of point {point}: no model of device type {type} has point {code}',
    es_ES: 'Fórmula del punto {point}: ningún modelo del tipo {type} tiene el punto {code}',
    ja_JP: '測定点 {point} の式：機器種別 {type} のモデルに測定点 {code} はありません',
  },
  snTaken: {
    zh_CN: '设备序列号 {sn} 已被使用',
    en_US: 'Serial number {sn} is already in use',
    es_ES: 'El número de serie {sn} ya está en uso',
    ja_JP: 'シリアル番号 {sn} は既に使われています',
  },
  snPrefix: {
    zh_CN: '设备序列号须以本电站的前缀 {prefix} 开头',
    en_US: "The serial number must start with the station's prefix {prefix}",
    es_ES: 'El número de serie debe empezar por el prefijo de la estación {prefix}',
    ja_JP: 'シリアル番号は電站の接頭辞 {prefix} で始まる必要があります',
  },
  meterRoleTaken: {
    zh_CN: '{role}已配置，请使用修改',
    en_US: '{role} is already configured; update it instead',
    es_ES: '{role} ya está configurado; modifíquelo en su lugar',
    ja_JP: '{role}は設定済みです。変更してください',
  },
  notStationMeter: {
    zh_CN: '设备 {deviceId} 不是本电站的电表',
    en_US: 'Device {deviceId} is not a meter of this station',
    es_ES: 'El equipo {deviceId} no es un contador de esta estación',
    ja_JP: '機器 {deviceId} はこの発電所のメーターではありません',
  },
  wsUpgradeRequired: {
    zh_CN: '此地址只接受 WebSocket 连接',
    en_US: 'This address accepts WebSocket connections only',
    es_ES: 'Esta dirección solo acepta conexiones WebSocket',
    ja_JP: 'このアドレスは WebSocket 接続のみ受け付けます',
  },
  liveBadMessage: {
    zh_CN: '无法识别的实时消息',
    en_US: 'Unrecognised live message',
    es_ES: 'Mensaje en vivo no reconocido',
    ja_JP: '認識できないライブメッセージです',
  },
  exportNoData: {
    zh_CN: '没有可导出的数据',
    en_US: 'No data found to export',
    es_ES: 'No hay datos para exportar',
    ja_JP: 'エクスポートするデータがありません',
  },
  curveSetNotFound: {
    zh_CN: '曲线组不存在',
    en_US: 'The curve set does not exist',
    es_ES: 'El conjunto de curvas no existe',
    ja_JP: '曲線セットが存在しません',
  },
  curveSetNameTaken: {
    zh_CN: '曲线组名称“{name}”已存在',
    en_US: 'A curve set named "{name}" already exists',
    es_ES: 'Ya existe un conjunto de curvas llamado «{name}»',
    ja_JP: '曲線セット「{name}」は既に存在します',
  },
  curveSetLimit: {
    zh_CN: '每个电站最多保存 {max} 个曲线组',
    en_US: 'At most {max} curve sets per station',
    es_ES: 'Como máximo {max} conjuntos de curvas por estación',
    ja_JP: '発電所ごとに保存できる曲線セットは最大 {max} 個です',
  },
} satisfies Record<string, Record<Lang, string>>;
