/**
 * Messages of organisation, post and station management (joined into the catalogue of
 * catalogue.ts). Field checks repeat the web form's texts word for word.
 */
export const orgMessages = {
  orgNotFound: {
    zh_CN: '组织不存在或无权访问',
    en_US: 'The organisation does not exist or is not accessible',
    es_ES: 'La organización no existe o no es accesible',
    ja_JP: '組織が存在しないか、アクセス権がありません',
  },
  orgParentNotFound: {
    zh_CN: '上级组织不存在或无权访问',
    en_US: 'The parent organisation does not exist or is not accessible',
    es_ES: 'La organización superior no existe o no es accesible',
    ja_JP: '上位組織が存在しないか、アクセス権がありません',
  },
  orgCodeTaken: {
    zh_CN: '组织编码“{code}”已存在',
    en_US: 'The organisation code "{code}" is already taken',
    es_ES: 'El código de organización "{code}" ya existe',
    ja_JP: '組織コード「{code}」は既に存在します',
  },
  orgMoveIntoItself: {
    zh_CN: '不能把组织移到它自己或它的下级组织下',
    en_US: 'An organisation cannot be moved under itself or one of its descendants',
    es_ES: 'Una organización no se puede mover bajo sí misma ni bajo una de sus dependientes',
    ja_JP: '組織を自分自身またはその下位組織の下へ移動することはできません',
  },
  orgRootOnlyAdmin: {
    zh_CN: '只有全集团用户可以新增或移动顶级组织',
    en_US: 'Only group-wide users may add or move top-level organisations',
    es_ES: 'Solo los usuarios de todo el grupo pueden añadir o mover organizaciones de primer nivel',
    ja_JP: '最上位組織の追加・移動はグループ全体のユーザーのみ可能です',
  },
  orgInUse: {
    zh_CN: '组织“{name}”下还有{what}，不能删除',
    en_US: 'The organisation "{name}" still holds {what} and cannot be deleted',
    es_ES: 'La organización "{name}" todavía tiene {what} y no se puede eliminar',
    ja_JP: '組織「{name}」にはまだ{what}があるため削除できません',
  },
  orgHoldsOrgs: {
    zh_CN: '{n} 个下级组织',
    en_US: '{n} child organisation(s)',
    es_ES: '{n} organización(es) dependiente(s)',
    ja_JP: '{n} 件の下位組織',
  },
  orgHoldsStations: {
    zh_CN: '{n} 个电站',
    en_US: '{n} station(s)',
    es_ES: '{n} estación(es)',
    ja_JP: '{n} 件の発電所',
  },
  orgHoldsUsers: {
    zh_CN: '{n} 个用户',
    en_US: '{n} user(s)',
    es_ES: '{n} usuario(s)',
    ja_JP: '{n} 人のユーザー',
  },
  listJoin: { zh_CN: '、', en_US: ', ', es_ES: ', ', ja_JP: '、' },
  postNotFound: {
    zh_CN: '岗位不存在',
    en_US: 'The post does not exist',
    es_ES: 'El puesto no existe',
    ja_JP: '職位が存在しません',
  },
  postCodeTaken: {
    zh_CN: '岗位编码“{code}”已存在',
    en_US: 'The post code "{code}" is already taken',
    es_ES: 'El código de puesto "{code}" ya existe',
    ja_JP: '職位コード「{code}」は既に存在します',
  },
  postInUse: {
    zh_CN: '岗位“{name}”还有 {n} 个用户在用，不能删除',
    en_US: 'The post "{name}" is still held by {n} user(s) and cannot be deleted',
    es_ES: 'El puesto "{name}" todavía lo tienen {n} usuario(s) y no se puede eliminar',
    ja_JP: '職位「{name}」はまだ {n} 人のユーザーが使用しているため削除できません',
  },
  stationCodeTaken: {
    zh_CN: '电站编码“{code}”已存在',
    en_US: 'The station code "{code}" is already taken',
    es_ES: 'El código de estación "{code}" ya existe',
    ja_JP: '発電所コード「{code}」は既に存在します',
  },
  stationOrgOutOfScope: {
    zh_CN: '所选组织不存在或不在您的数据范围内',
    en_US: 'The chosen organisation does not exist or is outside your data scope',
    es_ES: 'La organización elegida no existe o está fuera de su ámbito de datos',
    ja_JP: '選択した組織が存在しないか、データ範囲外です',
  },
  stationHasDevices: {
    zh_CN: '电站“{name}”下还有 {n} 台设备，请先删除设备',
    en_US: 'The station "{name}" still has {n} device(s); delete them first',
    es_ES: 'La estación "{name}" todavía tiene {n} equipo(s); elimínelos primero',
    ja_JP: '発電所「{name}」にはまだ {n} 台の機器があります。先に機器を削除してください',
  },
  stationCodeLocked: {
    zh_CN: '电站下还有 {n} 台设备，不能修改电站编码',
    en_US: 'The station code cannot change while the station has {n} device(s)',
    es_ES: 'El código de la estación no puede cambiar mientras tenga {n} equipo(s)',
    ja_JP: '発電所に {n} 台の機器があるため、発電所コードは変更できません',
  },
  stationNumberRange: {
    zh_CN: '请输入大于 0 且不超过 200000000 的数值',
    en_US: 'Enter a number greater than 0 and at most 200000000',
    es_ES: 'Introduzca un número mayor que 0 y como máximo 200000000',
    ja_JP: '0 より大きく 200000000 以下の数値を入力してください',
  },
  stationLongitudeRange: {
    zh_CN: '经度应在 -180 到 180 之间',
    en_US: 'Longitude must be between -180 and 180',
    es_ES: 'La longitud debe estar entre -180 y 180',
    ja_JP: '経度は -180 から 180 の間で入力してください',
  },
  stationLatitudeRange: {
    zh_CN: '纬度应在 -90 到 90 之间',
    en_US: 'Latitude must be between -90 and 90',
    es_ES: 'La latitud debe estar entre -90 y 90',
    ja_JP: '緯度は -90 から 90 の間で入力してください',
  },
  stationTimezone: {
    zh_CN: '时区无效，请使用 IANA 时区名称（如 Asia/Shanghai）',
    en_US: 'Invalid time zone; use an IANA zone name (e.g. Asia/Shanghai)',
    es_ES: 'Zona horaria no válida; use un nombre IANA (p. ej., Asia/Shanghai)',
    ja_JP: 'タイムゾーンが無効です。IANA 名（例: Asia/Shanghai）を使用してください',
  },
  stationLogoNotFound: {
    zh_CN: '该电站没有 Logo',
    en_US: 'This station has no logo',
    es_ES: 'Esta estación no tiene logotipo',
    ja_JP: 'この発電所にはロゴがありません',
  },
  stationLogoTooLarge: {
    zh_CN: 'Logo 不能超过 1 MB',
    en_US: 'The logo must not exceed 1 MB',
    es_ES: 'El logotipo no puede superar 1 MB',
    ja_JP: 'ロゴは 1 MB 以下にしてください',
  },
  stationLogoFormat: {
    zh_CN: 'Logo 只能是 PNG、JPEG 或 WebP 图片',
    en_US: 'The logo must be a PNG, JPEG or WebP image',
    es_ES: 'El logotipo debe ser una imagen PNG, JPEG o WebP',
    ja_JP: 'ロゴは PNG、JPEG、WebP 画像のみです',
  },
};
