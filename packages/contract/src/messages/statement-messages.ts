/** Earnings statement and settlement messages (joined into the catalogue of catalogue.ts). */
export const statementMessages = {
  settlementMonthEnded: {
    zh_CN: '{month}已结束，已结算的月份保持原结算比例',
    en_US: '{month} has ended: a settled month keeps its settlement ratio',
    es_ES: '{month} ya terminó: un mes liquidado conserva su proporción de liquidación',
    ja_JP: '{month}は終了しています。精算済みの月は精算比率を変更できません',
  },
  settlementRatioNotFound: {
    zh_CN: '该月份没有设置结算比例',
    en_US: 'No settlement ratio is set from that month',
    es_ES: 'No hay una proporción de liquidación desde ese mes',
    ja_JP: 'その月からの精算比率は設定されていません',
  },
} as const;
