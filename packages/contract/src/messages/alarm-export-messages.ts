import type { Lang } from '../i18n';

/**
 * The alarm history export's file name, headings and the names of levels and states in it
 * (joined into the catalogue of catalogue.ts).
 */
export const alarmExportMessages = {
  alarmExportName: { zh_CN: '历史告警', en_US: 'alarm-history', es_ES: 'historial-alarmas', ja_JP: 'アラーム履歴' },
  alarmExportSheet: { zh_CN: '告警', en_US: 'Alarms', es_ES: 'Alarmas', ja_JP: 'アラーム' },
  alarmExportRaised: { zh_CN: '告警时间', en_US: 'Raised', es_ES: 'Activada', ja_JP: '発生時刻' },
  alarmExportRecovered: { zh_CN: '恢复时间', en_US: 'Recovered', es_ES: 'Recuperada', ja_JP: '復旧時刻' },
  alarmExportLevel: { zh_CN: '告警等级', en_US: 'Level', es_ES: 'Nivel', ja_JP: 'レベル' },
  alarmExportStation: { zh_CN: '电站', en_US: 'Station', es_ES: 'Estación', ja_JP: '発電所' },
  alarmExportDevice: { zh_CN: '设备', en_US: 'Device', es_ES: 'Equipo', ja_JP: '機器' },
  alarmExportDeviceType: { zh_CN: '设备类型', en_US: 'Device type', es_ES: 'Tipo de equipo', ja_JP: '機器種別' },
  alarmExportPoint: { zh_CN: '测点', en_US: 'Point', es_ES: 'Punto', ja_JP: '計測点' },
  alarmExportValue: { zh_CN: '告警值', en_US: 'Value', es_ES: 'Valor', ja_JP: '値' },
  alarmExportContent: { zh_CN: '告警内容', en_US: 'Content', es_ES: 'Contenido', ja_JP: '内容' },
  alarmExportStatus: { zh_CN: '状态', en_US: 'Status', es_ES: 'Estado', ja_JP: '状態' },
  alarmExportConfirmed: { zh_CN: '确认状态', en_US: 'Confirmed', es_ES: 'Confirmada', ja_JP: '確認状態' },
  alarmExportConfirmer: { zh_CN: '确认人', en_US: 'Confirmer', es_ES: 'Confirmada por', ja_JP: '確認者' },
  alarmExportConfirmedAt: {
    zh_CN: '确认时间',
    en_US: 'Confirmed at',
    es_ES: 'Hora de confirmación',
    ja_JP: '確認時刻',
  },
  alarmExportRemark: { zh_CN: '备注', en_US: 'Remark', es_ES: 'Observación', ja_JP: '備考' },
  alarmStateActive: { zh_CN: '未恢复', en_US: 'Active', es_ES: 'Activa', ja_JP: '未復旧' },
  alarmStateRecovered: { zh_CN: '已恢复', en_US: 'Recovered', es_ES: 'Recuperada', ja_JP: '復旧済み' },
  alarmConfirmedYes: { zh_CN: '已确认', en_US: 'Confirmed', es_ES: 'Confirmada', ja_JP: '確認済み' },
  alarmConfirmedNo: { zh_CN: '未确认', en_US: 'Not confirmed', es_ES: 'Sin confirmar', ja_JP: '未確認' },
  alarmLevel1: { zh_CN: '紧急', en_US: 'Critical', es_ES: 'Crítica', ja_JP: '緊急' },
  alarmLevel2: { zh_CN: '重要', en_US: 'Major', es_ES: 'Mayor', ja_JP: '重要' },
  alarmLevel3: { zh_CN: '次要', en_US: 'Minor', es_ES: 'Menor', ja_JP: '軽微' },
  alarmLevel4: { zh_CN: '提示', en_US: 'Hint', es_ES: 'Aviso', ja_JP: '通知' },
} satisfies Record<string, Record<Lang, string>>;
