/** Rate template messages (joined into the catalogue of messages.ts); the form says the same words. */
export const rateMessages = {
  rateNotFound: {
    zh_CN: '费率模板不存在',
    en_US: 'The rate template does not exist',
    es_ES: 'La plantilla de tarifa no existe',
    ja_JP: '料金テンプレートが存在しません',
  },
  rateCodeTaken: {
    zh_CN: '编号“{code}”已存在',
    en_US: 'The number "{code}" is already used',
    es_ES: 'El número «{code}» ya existe',
    ja_JP: '番号「{code}」は既に存在します',
  },
  rateElectricityType: {
    zh_CN: '用电类型“{value}”不存在',
    en_US: 'The electricity type "{value}" does not exist',
    es_ES: 'El tipo de electricidad «{value}» no existe',
    ja_JP: '電力種別「{value}」は存在しません',
  },
  rateSegmentsEmpty: {
    zh_CN: '请设置时段划分',
    en_US: 'Set the periods of the day',
    es_ES: 'Defina los periodos del día',
    ja_JP: '時間帯区分を設定してください',
  },
  rateSegmentsOrder: {
    zh_CN: '时段的结束时间必须晚于开始时间',
    en_US: 'A period must end after it starts',
    es_ES: 'Un periodo debe terminar después de empezar',
    ja_JP: '時間帯の終了時刻は開始時刻より後にしてください',
  },
  rateSegmentsGap: {
    zh_CN: '时段须覆盖 00:00–24:00，不能留有空档',
    en_US: 'The periods must cover 00:00–24:00 without gaps',
    es_ES: 'Los periodos deben cubrir 00:00–24:00 sin huecos',
    ja_JP: '時間帯は 00:00～24:00 を隙間なく覆ってください',
  },
  rateSegmentsOverlap: {
    zh_CN: '时间段重叠',
    en_US: 'Overlapping times',
    es_ES: 'Horarios superpuestos',
    ja_JP: '時間帯が重複しています',
  },
  rateSegmentsQuarter: {
    zh_CN: '时段边界须为整刻钟（00、15、30、45 分）',
    en_US: 'Period boundaries must be on quarter hours (:00, :15, :30, :45)',
    es_ES: 'Los límites de los periodos deben caer en cuartos de hora (:00, :15, :30, :45)',
    ja_JP: '時間帯の境界は 15 分単位（00・15・30・45 分）にしてください',
  },
  ratePriceRange: {
    zh_CN: '电价须在 -99999999 到 99999999 之间',
    en_US: 'Prices must lie between -99999999 and 99999999',
    es_ES: 'Los precios deben estar entre -99999999 y 99999999',
    ja_JP: '単価は -99999999 から 99999999 の範囲で入力してください',
  },
  rateValidityOrder: {
    zh_CN: '结束时间不能小于开始时间',
    en_US: 'The end must not be before the start',
    es_ES: 'El fin no puede ser anterior al inicio',
    ja_JP: '終了日は開始日より前にできません',
  },
  rateValidityOverlap: {
    zh_CN: '有效期与电站“{station}”的模板“{other}”重叠',
    en_US: 'The validity overlaps template "{other}" of station "{station}"',
    es_ES: 'La vigencia se superpone con la plantilla «{other}» de la estación «{station}»',
    ja_JP: '有効期間が発電所「{station}」のテンプレート「{other}」と重複しています',
  },
  rateDeleteEnabled: {
    zh_CN: '模板启用中，请先停用再删除',
    en_US: 'The template is enabled: disable it before deleting it',
    es_ES: 'La plantilla está habilitada: deshabilítela antes de eliminarla',
    ja_JP: 'テンプレートは有効です。無効にしてから削除してください',
  },
  rateInUse: {
    zh_CN: '模板正被 {count} 个电站使用，请先在电站中移除后再删除',
    en_US: 'The template is used by {count} station(s): remove it from them before deleting it',
    es_ES: 'La plantilla la usan {count} estaciones: quítela de ellas antes de eliminarla',
    ja_JP: 'テンプレートは {count} 件の発電所で使用中です。発電所から外してから削除してください',
  },
} as const;
