/** Strategy hosting messages (joined into the catalogue of catalogue.ts). */
export const hostingMessages = {
  hostingDayNotFound: {
    zh_CN: '托管日不存在',
    en_US: 'The hosted day does not exist',
    es_ES: 'El día alojado no existe',
    ja_JP: 'ホスティング日が存在しません',
  },
  hostingPlanExists: {
    zh_CN: '{date} 的计划已审核通过，不能重新生成',
    en_US: 'The plan of {date} is already approved: it cannot be made again',
    es_ES: 'El plan del {date} ya está aprobado: no se puede rehacer',
    ja_JP: '{date} の計画は承認済みです。再作成できません',
  },
  hostingNotPending: {
    zh_CN: '该计划不在待审核状态',
    en_US: 'The plan is not waiting for review',
    es_ES: 'El plan no está pendiente de revisión',
    ja_JP: 'この計画は審査待ちではありません',
  },
  hostingDeadlinePassed: {
    zh_CN: '审核截止时间已过，当日按分时电价规则运行',
    en_US: 'The review deadline has passed: the day runs on the TOU rule',
    es_ES: 'El plazo de revisión ha pasado: el día funciona con la regla horaria',
    ja_JP: '審査期限を過ぎました。当日は時間帯別ルールで運転します',
  },
  hostingFallbackDeadline: {
    zh_CN: '截止时间前未审核，按分时电价规则运行',
    en_US: 'Not approved by the deadline: the station runs on its TOU rule',
    es_ES: 'Sin aprobar antes del plazo: la estación funciona con su regla horaria',
    ja_JP: '期限までに承認されず、時間帯別ルールで運転します',
  },
  hostingFallbackAlarm: {
    zh_CN: '下发时电站有 {level} 级及以上告警，按分时电价规则运行',
    en_US: 'An alarm of level {level} or higher was active at delivery: the station runs on its TOU rule',
    es_ES: 'Había una alarma de nivel {level} o superior al enviar: la estación funciona con su regla horaria',
    ja_JP: '送信時にレベル {level} 以上の警報があり、時間帯別ルールで運転します',
  },
  hostingFallbackRejected: {
    zh_CN: '计划被驳回，按分时电价规则运行',
    en_US: 'The plan was rejected: the station runs on its TOU rule',
    es_ES: 'El plan fue rechazado: la estación funciona con su regla horaria',
    ja_JP: '計画は却下され、時間帯別ルールで運転します',
  },
  hostingFallbackDelivery: {
    zh_CN: '计划下发失败（{detail}），按分时电价规则运行',
    en_US: 'The plan could not be delivered ({detail}): the station runs on its TOU rule',
    es_ES: 'No se pudo enviar el plan ({detail}): la estación funciona con su regla horaria',
    ja_JP: '計画を送信できませんでした（{detail}）。時間帯別ルールで運転します',
  },
} as const;

/** The hosted days workbook's texts (file texts: a screen may say the same words). */
export const hostingFileMessages = {
  hostingColDate: {
    zh_CN: '日期',
    en_US: 'Date',
    es_ES: 'Fecha',
    ja_JP: '日付',
  },
  hostingColState: {
    zh_CN: '状态',
    en_US: 'State',
    es_ES: 'Estado',
    ja_JP: '状態',
  },
  hostingColReason: {
    zh_CN: '原因',
    en_US: 'Why',
    es_ES: 'Motivo',
    ja_JP: '理由',
  },
  hostingColDeadline: {
    zh_CN: '审核截止',
    en_US: 'Review deadline',
    es_ES: 'Plazo de revisión',
    ja_JP: '審査期限',
  },
  hostingColSoc: {
    zh_CN: '起始 SOC (%)',
    en_US: 'Start SOC (%)',
    es_ES: 'SOC inicial (%)',
    ja_JP: '開始 SOC (%)',
  },
  hostingColExpected: {
    zh_CN: '预期收益',
    en_US: 'Expected revenue',
    es_ES: 'Ingreso esperado',
    ja_JP: '予想収益',
  },
  hostingColRule: {
    zh_CN: '规则收益',
    en_US: 'Rule revenue',
    es_ES: 'Ingreso con la regla',
    ja_JP: 'ルール収益',
  },
  hostingColActual: {
    zh_CN: '实际收益',
    en_US: 'Actual revenue',
    es_ES: 'Ingreso real',
    ja_JP: '実収益',
  },
  hostingColError: {
    zh_CN: '预测误差 (%)',
    en_US: 'Forecast error (%)',
    es_ES: 'Error de previsión (%)',
    ja_JP: '予測誤差 (%)',
  },
  hostingColReviewer: {
    zh_CN: '审核人',
    en_US: 'Reviewer',
    es_ES: 'Revisor',
    ja_JP: '審査者',
  },
  hostingColOpinion: {
    zh_CN: '审核意见',
    en_US: 'Opinion',
    es_ES: 'Opinión',
    ja_JP: '審査意見',
  },
  hostingExportName: {
    zh_CN: '托管日',
    en_US: 'hosted-days',
    es_ES: 'dias-alojados',
    ja_JP: 'ホスティング日',
  },
  hostingStatePending: {
    zh_CN: '待审核',
    en_US: 'Waiting for review',
    es_ES: 'Pendiente de revisión',
    ja_JP: '審査待ち',
  },
  hostingStateApproved: {
    zh_CN: '已通过',
    en_US: 'Approved',
    es_ES: 'Aprobado',
    ja_JP: '承認済み',
  },
  hostingStateRejected: {
    zh_CN: '已驳回',
    en_US: 'Rejected',
    es_ES: 'Rechazado',
    ja_JP: '却下',
  },
  hostingStateDelivering: {
    zh_CN: '下发中',
    en_US: 'Delivering',
    es_ES: 'Enviando',
    ja_JP: '送信中',
  },
  hostingStateDelivered: {
    zh_CN: '已下发',
    en_US: 'Delivered',
    es_ES: 'Enviado',
    ja_JP: '送信済み',
  },
  hostingStateFallback: {
    zh_CN: '按规则运行',
    en_US: 'On the TOU rule',
    es_ES: 'Con la regla horaria',
    ja_JP: '時間帯別ルール',
  },
} as const;
