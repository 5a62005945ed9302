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
  subscriptionNotFound: {
    zh_CN: '订阅不存在',
    en_US: 'The subscription does not exist',
    es_ES: 'La suscripción no existe',
    ja_JP: '購読が存在しません',
  },
  subscriptionLimit: {
    zh_CN: '每个用户最多 {max} 个订阅',
    en_US: 'At most {max} subscriptions per user',
    es_ES: 'Como máximo {max} suscripciones por usuario',
    ja_JP: '購読は 1 ユーザーあたり {max} 件までです',
  },
  subscriptionSubject: {
    zh_CN: '收益结算单 {period}（{stations}）',
    en_US: 'Earnings statement {period} ({stations})',
    es_ES: 'Liquidación de ingresos {period} ({stations})',
    ja_JP: '収益精算書 {period}（{stations}）',
  },
  subscriptionText: {
    zh_CN: '附件是您订阅的 {month} 收益结算单（{stations}），截至 {at}。{partial}',
    en_US: 'Attached is the earnings statement of {month} you subscribed to ({stations}), as of {at}. {partial}',
    es_ES: 'Adjunto va la liquidación de ingresos de {month} a la que se suscribió ({stations}), a {at}. {partial}',
    ja_JP: 'ご購読の {month} の収益精算書（{stations}）を添付します（{at} 時点）。{partial}',
  },
  subscriptionCarbonSubject: {
    zh_CN: '碳足迹与能耗报表 {period}（{stations}）',
    en_US: 'Carbon and energy report {period} ({stations})',
    es_ES: 'Informe de carbono y energía {period} ({stations})',
    ja_JP: 'カーボン・エネルギー報告 {period}（{stations}）',
  },
  subscriptionCarbonText: {
    zh_CN: '附件是您订阅的 {from} 至 {to} 碳足迹与能耗报表（{stations}），生成于 {at}。',
    en_US: 'Attached is the carbon and energy report of {from} to {to} you subscribed to ({stations}), made {at}.',
    es_ES:
      'Adjunto va el informe de carbono y energía del {from} al {to} al que se suscribió ({stations}), hecho el {at}.',
    ja_JP: 'ご購読の {from}〜{to} のカーボン・エネルギー報告（{stations}）を添付します（{at} 作成）。',
  },
  subscriptionPartial: {
    zh_CN: '本月尚未结束，数据截至当前。',
    en_US: 'The month is not over: its figures are to date.',
    es_ES: 'El mes no ha terminado: sus cifras son hasta la fecha.',
    ja_JP: '月はまだ終わっていないため、数値は現時点までです。',
  },
  subscriptionNoData: {
    zh_CN: '所选电站在该期间没有电量数据，未发送',
    en_US: 'The stations have no energy in the period: nothing was sent',
    es_ES: 'Las estaciones no tienen energía en el periodo: no se envió nada',
    ja_JP: '期間中に電力量データがないため送信しませんでした',
  },
  subscriptionNoEmail: {
    zh_CN: '没有邮箱地址：请在个人信息中填写',
    en_US: 'No e-mail address: add one to your profile',
    es_ES: 'Sin dirección de correo: añada una a su perfil',
    ja_JP: 'メールアドレスがありません。プロフィールに登録してください',
  },
  subscriptionNoMail: {
    zh_CN: '服务器未配置邮件发送',
    en_US: 'E-mail (SMTP) is not configured on the server',
    es_ES: 'El correo (SMTP) no está configurado en el servidor',
    ja_JP: 'サーバーにメール送信が設定されていません',
  },
  subscriptionNoAccess: {
    zh_CN: '订阅人已无权导出这些电站的该报表',
    en_US: 'The subscriber may no longer export this report of these stations',
    es_ES: 'El suscriptor ya no puede exportar este informe de estas estaciones',
    ja_JP: '購読者はこれらの発電所のこの報告をエクスポートできなくなりました',
  },
} as const;
