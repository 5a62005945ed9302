/** Proxy purchase price messages (joined into the catalogue of catalogue.ts); the forms say the same words. */
export const proxyMessages = {
  proxyRegionNotFound: {
    zh_CN: '代理购电区域不存在',
    en_US: 'The proxy price region does not exist',
    es_ES: 'La región de precio de compra no existe',
    ja_JP: '代理購入電力地域が存在しません',
  },
  proxyRegionCodeTaken: {
    zh_CN: '区域编号“{code}”已存在',
    en_US: 'The region number "{code}" is already used',
    es_ES: 'El número de región «{code}» ya existe',
    ja_JP: '地域番号「{code}」は既に存在します',
  },
  proxyRegionNameTaken: {
    zh_CN: '区域名称“{name}”已存在',
    en_US: 'The region name "{name}" is already used',
    es_ES: 'El nombre de región «{name}» ya existe',
    ja_JP: '地域名「{name}」は既に存在します',
  },
  proxyModelInvalid: {
    zh_CN: '区域模型不是有效的 JSON',
    en_US: 'The region model is not valid JSON',
    es_ES: 'El modelo de región no es un JSON válido',
    ja_JP: '地域モデルが有効な JSON ではありません',
  },
  proxyModelEmpty: {
    zh_CN: '区域模型不能为空',
    en_US: 'The region model must not be empty',
    es_ES: 'El modelo de región no puede estar vacío',
    ja_JP: '地域モデルを空にすることはできません',
  },
  proxyRegionInUse: {
    zh_CN: '有 {count} 个电站跟随该区域的代理购电价（当前或历史），不能删除',
    en_US: '{count} station(s) follow this region’s proxy price, now or in their history: it cannot be deleted',
    es_ES: '{count} estaciones siguen el precio de esta región, ahora o en su historial: no se puede eliminar',
    ja_JP: '{count} 件の発電所がこの地域の代理購入電力価格に従っています（現在または履歴）。削除できません',
  },
  proxyRegionHasPrices: {
    zh_CN: '该区域有 {count} 个月的电价，请先删除电价再删除区域',
    en_US: 'The region has prices for {count} month(s): delete them before the region',
    es_ES: 'La región tiene precios de {count} meses: elimínelos antes que la región',
    ja_JP: 'この地域には {count} か月分の価格があります。先に価格を削除してください',
  },
  proxyRegionCutLocked: {
    zh_CN: '{month} 的代理购电价已为跟随该区域的电站计价，时段划分不能再修改：已得收益保持不变',
    en_US:
      'The prices of {month} have priced days of a station following this region: its period cut cannot change, money stays as earned',
    es_ES:
      'Los precios de {month} ya tarificaron días de una estación que sigue esta región: su corte de periodos no puede cambiar, el dinero queda como se ganó',
    ja_JP:
      '{month} の価格はこの地域に従う発電所の日を計価済みです。時間帯区分は変更できません（得た収益は変わりません）',
  },
  proxyPriceNotFound: {
    zh_CN: '代理购电价格不存在',
    en_US: 'The proxy price does not exist',
    es_ES: 'El precio de compra no existe',
    ja_JP: '代理購入電力価格が存在しません',
  },
  proxyPriceExists: {
    zh_CN: '区域“{region}”已有 {month} 的电价',
    en_US: 'Region "{region}" already has prices for {month}',
    es_ES: 'La región «{region}» ya tiene precios para {month}',
    ja_JP: '地域「{region}」には {month} の価格が既にあります',
  },
  proxyPriceLocked: {
    zh_CN: '{month} 的电价已为跟随该区域的电站计价，不能修改或删除：已得收益保持不变',
    en_US:
      'The prices of {month} have priced days of a station following the region: they cannot change or go, money stays as earned',
    es_ES:
      'Los precios de {month} ya tarificaron días de una estación que sigue la región: no pueden cambiar ni eliminarse, el dinero queda como se ganó',
    ja_JP: '{month} の価格はこの地域に従う発電所の日を計価済みです。変更・削除できません（得た収益は変わりません）',
  },
  proxyImportRegion: {
    zh_CN: '区域编号“{code}”不存在',
    en_US: 'No region has the number "{code}"',
    es_ES: 'Ninguna región tiene el número «{code}»',
    ja_JP: '地域番号「{code}」は存在しません',
  },
  proxyImportMonth: {
    zh_CN: '月份“{value}”无效，应为 YYYY-MM',
    en_US: 'The month "{value}" is not valid: use YYYY-MM',
    es_ES: 'El mes «{value}» no es válido: use AAAA-MM',
    ja_JP: '月「{value}」が無効です。YYYY-MM で入力してください',
  },
  proxyImportPrice: {
    zh_CN: '{period} 电价“{value}”无效',
    en_US: 'The {period} price "{value}" is not valid',
    es_ES: 'El precio {period} «{value}» no es válido',
    ja_JP: '{period} の価格「{value}」が無効です',
  },
  proxyImportDuplicate: {
    zh_CN: '与第 {first} 行的区域和月份重复',
    en_US: 'Same region and month as row {first}',
    es_ES: 'Misma región y mes que la fila {first}',
    ja_JP: '{first} 行目と地域・月が重複しています',
  },
  proxyImportEmpty: {
    zh_CN: '文件中没有电价',
    en_US: 'The file holds no prices',
    es_ES: 'El archivo no contiene precios',
    ja_JP: 'ファイルに価格がありません',
  },
  proxyImportTooMany: {
    zh_CN: '一次最多导入 {max} 行电价',
    en_US: 'At most {max} price rows at a time',
    es_ES: 'Como máximo {max} filas de precios a la vez',
    ja_JP: '一度に取り込めるのは {max} 行までです',
  },
  proxyImportField: {
    zh_CN: '“{field}”的值“{value}”无效',
    en_US: 'The value "{value}" of "{field}" is not valid',
    es_ES: 'El valor «{value}» de «{field}» no es válido',
    ja_JP: '「{field}」の値「{value}」が無効です',
  },
} as const;

/** The regions workbook's column names (file texts: a screen may say the same words). */
export const proxyFileMessages = {
  proxyColCode: {
    zh_CN: '区域编号',
    en_US: 'Region number',
    es_ES: 'Número de región',
    ja_JP: '地域番号',
  },
  proxyColName: {
    zh_CN: '区域名称',
    en_US: 'Region name',
    es_ES: 'Nombre de región',
    ja_JP: '地域名',
  },
  proxyColProvince: {
    zh_CN: '省份',
    en_US: 'Province',
    es_ES: 'Provincia',
    ja_JP: '省',
  },
  proxyColCut: {
    zh_CN: '时段划分',
    en_US: 'Period cut',
    es_ES: 'Corte de periodos',
    ja_JP: '時間帯区分',
  },
  proxyColModel: {
    zh_CN: '区域模型',
    en_US: 'Region model',
    es_ES: 'Modelo de región',
    ja_JP: '地域モデル',
  },
  proxyColMonths: {
    zh_CN: '电价月数',
    en_US: 'Months priced',
    es_ES: 'Meses con precio',
    ja_JP: '価格の月数',
  },
  proxyColLatest: {
    zh_CN: '最新月份',
    en_US: 'Latest month',
    es_ES: 'Último mes',
    ja_JP: '最新月',
  },
  proxyColStations: {
    zh_CN: '跟随电站',
    en_US: 'Stations following',
    es_ES: 'Estaciones que la siguen',
    ja_JP: '従う発電所',
  },
} as const;
