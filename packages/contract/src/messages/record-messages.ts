/** Inspection and repair records: refusals (joined into the catalogue of catalogue.ts). */
export const recordMessages = {
  recordNotFound: {
    zh_CN: '记录不存在',
    en_US: 'The record does not exist',
    es_ES: 'El registro no existe',
    ja_JP: '記録が存在しません',
  },
} as const;

/** Texts of the record exports (file names, headings): words the pages may say too. */
export const recordExportMessages = {
  inspectionExportName: {
    zh_CN: '巡检记录',
    en_US: 'Inspection records',
    es_ES: 'Registros de inspección',
    ja_JP: '点検記録',
  },
  repairExportName: { zh_CN: '维修记录', en_US: 'Repair records', es_ES: 'Registros de reparación', ja_JP: '修理記録' },
  recordExportStation: { zh_CN: '电站', en_US: 'Station', es_ES: 'Estación', ja_JP: '発電所' },
  recordExportName: { zh_CN: '名称', en_US: 'Name', es_ES: 'Nombre', ja_JP: '名称' },
  recordExportContent: { zh_CN: '内容', en_US: 'Content', es_ES: 'Contenido', ja_JP: '内容' },
  recordExportRecordTime: { zh_CN: '记录时间', en_US: 'Record time', es_ES: 'Hora del registro', ja_JP: '記録日時' },
  recordExportRecorder: { zh_CN: '记录人', en_US: 'Recorder', es_ES: 'Registrado por', ja_JP: '記録者' },
  recordExportRepairman: { zh_CN: '维修人', en_US: 'Repairman', es_ES: 'Técnico', ja_JP: '修理担当者' },
  recordExportLocation: {
    zh_CN: '维修地点',
    en_US: 'Repair location',
    es_ES: 'Lugar de reparación',
    ja_JP: '修理場所',
  },
  recordExportRepairTime: { zh_CN: '维修时间', en_US: 'Repair time', es_ES: 'Hora de reparación', ja_JP: '修理日時' },
  recordExportRemark: { zh_CN: '备注', en_US: 'Remark', es_ES: 'Observación', ja_JP: '備考' },
  recordExportPictures: { zh_CN: '图片', en_US: 'Pictures', es_ES: 'Imágenes', ja_JP: '画像' },
  recordExportOrder: { zh_CN: '工单', en_US: 'Work order', es_ES: 'Orden de trabajo', ja_JP: '作業指示' },
} as const;
