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
