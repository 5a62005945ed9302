import type { Lang } from '../i18n';

/** The alarm centre's messages (joined into the catalogue of catalogue.ts). */
export const alarmMessages = {
  alarmDefinitionNotFound: {
    zh_CN: '告警定义不存在',
    en_US: 'The alarm definition does not exist',
    es_ES: 'La definición de alarma no existe',
    ja_JP: 'アラーム定義が存在しません',
  },
  alarmEventNotFound: {
    zh_CN: '告警不存在',
    en_US: 'The alarm does not exist',
    es_ES: 'La alarma no existe',
    ja_JP: 'アラームが存在しません',
  },
  alarmNameTaken: {
    zh_CN: '告警定义名称“{name}”已存在',
    en_US: 'An alarm definition named "{name}" already exists',
    es_ES: 'Ya existe una definición de alarma llamada «{name}»',
    ja_JP: 'アラーム定義「{name}」は既に存在します',
  },
  alarmTarget: {
    zh_CN: '请选择设备或设备类型（二选一）',
    en_US: 'Choose either one device or a device type',
    es_ES: 'Elija un equipo o un tipo de equipo, no ambos',
    ja_JP: '機器または機器種別のどちらか一方を選択してください',
  },
  alarmThreshold2Required: {
    zh_CN: '“超出范围”条件需要填写上限值',
    en_US: 'The "outside a range" condition needs an upper limit',
    es_ES: 'La condición «fuera de rango» necesita un límite superior',
    ja_JP: '「範囲外」条件には上限値が必要です',
  },
  alarmThreshold2Order: {
    zh_CN: '上限值必须大于下限值',
    en_US: 'The upper limit must be greater than the lower limit',
    es_ES: 'El límite superior debe ser mayor que el inferior',
    ja_JP: '上限値は下限値より大きくしてください',
  },
  alarmBitIndex: {
    zh_CN: '状态位序号必须是 0 到 31 的整数',
    en_US: 'The status bit must be a whole number from 0 to 31',
    es_ES: 'El bit de estado debe ser un entero de 0 a 31',
    ja_JP: 'ステータスビットは 0～31 の整数にしてください',
  },
  alarmNodataSeconds: {
    zh_CN: '无数据时长必须是 1 到 86400 秒的整数',
    en_US: 'The no-data time must be a whole number of seconds from 1 to 86400',
    es_ES: 'El tiempo sin datos debe ser un número entero de segundos de 1 a 86400',
    ja_JP: 'データなし時間は 1～86400 秒の整数にしてください',
  },
  alarmHoldNodata: {
    zh_CN: '“无数据”条件不设持续时间，时长即阈值',
    en_US: 'The "no data" condition has no hold time: its threshold is the time',
    es_ES: 'La condición «sin datos» no tiene tiempo de permanencia: su umbral es el tiempo',
    ja_JP: '「データなし」条件には継続時間を設定しません（しきい値が時間です）',
  },
  alarmPointUnknown: {
    zh_CN: '设备类型 {type} 没有测点 {code}',
    en_US: 'Devices of type {type} have no point {code}',
    es_ES: 'Los equipos de tipo {type} no tienen el punto {code}',
    ja_JP: '機器種別 {type} には計測点 {code} がありません',
  },
  alarmDeviceOffline: {
    zh_CN: '{device} 离线',
    en_US: '{device} is offline',
    es_ES: '{device} está desconectado',
    ja_JP: '{device} がオフラインです',
  },
  alarmStationLost: {
    zh_CN: '{station} 通信中断（失联）',
    en_US: '{station} lost contact',
    es_ES: '{station} sin contacto',
    ja_JP: '{station} と通信が途絶えました',
  },
} satisfies Record<string, Record<Lang, string>>;
