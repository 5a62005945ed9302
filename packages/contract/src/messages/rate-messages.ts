/** Rate template messages (joined into the catalogue of catalogue.ts); the form says the same words. */
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
  rateNameTaken: {
    zh_CN: '名称“{name}”已被其他模板使用',
    en_US: 'The name "{name}" is already used by another template',
    es_ES: 'El nombre «{name}» ya lo usa otra plantilla',
    ja_JP: '名称「{name}」は他のテンプレートで使われています',
  },
  rateAssignmentNotFound: {
    zh_CN: '该电站没有这条电价生效记录',
    en_US: 'The station has no such price assignment',
    es_ES: 'La estación no tiene esa asignación de precios',
    ja_JP: 'この発電所にその料金の適用記録はありません',
  },
  rateAssignmentStarted: {
    zh_CN: '自 {date} 起的电价已开始生效并计价，不能撤销；请从今天或以后设置新的电价',
    en_US: 'The prices from {date} have begun and priced days: they stay; set new prices from today or later',
    es_ES:
      'Los precios desde {date} ya rigen y han valorado días: se mantienen; fije precios nuevos desde hoy o después',
    ja_JP: '{date} からの料金は既に適用され計算済みのため取り消せません。今日以降から新しい料金を設定してください',
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
  rateAssignPast: {
    zh_CN: '模板只能从电站今天（{today}）或以后生效；改变过去日期的电价请使用“重新计价历史收益”',
    en_US:
      'A template takes effect from the station\'s today ({today}) or later; to re-price past days use "Re-price past revenue"',
    es_ES:
      'Una plantilla rige desde el hoy de la estación ({today}) o después; para recalcular días pasados use «Recalcular ingresos pasados»',
    ja_JP:
      'テンプレートは発電所の今日（{today}）以降から有効です。過去の日を再計算するには「過去収益の再計算」を使ってください',
  },
  rateRepriceNotPast: {
    zh_CN: '重新计价须从电站今天（{today}）之前的日期开始',
    en_US: "Re-pricing starts on a day before the station's today ({today})",
    es_ES: 'El recálculo empieza en un día anterior al hoy de la estación ({today})',
    ja_JP: '再計算は発電所の今日（{today}）より前の日から始めてください',
  },
  rateRepriceTooFar: {
    zh_CN: '重新计价最多回溯 {days} 天',
    en_US: 'Re-pricing reaches back {days} days at most',
    es_ES: 'El recálculo retrocede como máximo {days} días',
    ja_JP: '再計算は最大 {days} 日前までです',
  },
  rateAssignDisabled: {
    zh_CN: '模板“{code}”已停用，不能分配给电站',
    en_US: 'Template "{code}" is disabled and cannot be assigned',
    es_ES: 'La plantilla «{code}» está deshabilitada y no se puede asignar',
    ja_JP: 'テンプレート「{code}」は無効のため割り当てできません',
  },
  rateAssignOutside: {
    zh_CN: '模板“{code}”在 {date} 不在有效期内',
    en_US: 'Template "{code}" is not valid on {date}',
    es_ES: 'La plantilla «{code}» no está vigente el {date}',
    ja_JP: 'テンプレート「{code}」は {date} に有効期間外です',
  },
  rateDeleteEnabled: {
    zh_CN: '模板启用中，请先停用再删除',
    en_US: 'The template is enabled: disable it before deleting it',
    es_ES: 'La plantilla está habilitada: deshabilítela antes de eliminarla',
    ja_JP: 'テンプレートは有効です。無効にしてから削除してください',
  },
  rateInUse: {
    zh_CN: '模板已分配给 {count} 个电站（当前或历史），不能删除：已结算的收益按它计价',
    en_US:
      'The template is assigned to {count} station(s), now or in their history: it cannot be deleted, settled revenue is priced by it',
    es_ES:
      'La plantilla está asignada a {count} estaciones, ahora o en su historial: no se puede eliminar, los ingresos liquidados se tarifican con ella',
    ja_JP:
      'テンプレートは {count} 件の発電所に割り当てられています（現在または履歴）。確定した収益の計算に使われるため削除できません',
  },
  rateEditPricedPast: {
    zh_CN:
      '模板“{code}”已为电站过去的日期计价，不能修改其电价、时段或过去的有效期：已得收益保持不变。请新增模板并从今天或以后分配给电站',
    en_US:
      'Template "{code}" has priced past days of a station: its prices, cut and past validity cannot change, money stays as earned. Add a new template and assign it from today or later',
    es_ES:
      'La plantilla «{code}» ya ha tarificado días pasados de una estación: sus precios, franjas y vigencia pasada no pueden cambiar, los ingresos quedan como se obtuvieron. Cree una plantilla nueva y asígnela desde hoy o después',
    ja_JP:
      'テンプレート「{code}」は発電所の過去の日の計算に使われています。単価・時間帯・過去の有効期間は変更できません（確定した収益は変わりません）。新しいテンプレートを追加し、今日以降から割り当ててください',
  },
} as const;
