import type { Lang } from '../i18n';

/**
 * Messages of menu and dictionary management (joined into the catalogue of catalogue.ts). The
 * rule messages are the same texts the web forms show (features/menus, features/dictionary).
 */
export const menuDictMessages = {
  menuNotFound: {
    zh_CN: '菜单不存在',
    en_US: 'The menu does not exist',
    es_ES: 'El menú no existe',
    ja_JP: 'メニューが存在しません',
  },
  menuCodeTaken: {
    zh_CN: '菜单编码“{code}”已存在',
    en_US: 'A menu with the code "{code}" already exists',
    es_ES: 'Ya existe un menú con el código «{code}»',
    ja_JP: 'メニューコード「{code}」は既に存在します',
  },
  menuHasChildren: {
    zh_CN: '“{name}”下还有子菜单或按钮，请先删除它们',
    en_US: '"{name}" still has menus or buttons below it; delete them first',
    es_ES: '«{name}» todavía tiene menús o botones debajo; elimínelos primero',
    ja_JP: '「{name}」の下にメニューまたはボタンがあります。先に削除してください',
  },
  menuNameRequired: {
    zh_CN: '请填写菜单名称（至少中文和英文）',
    en_US: 'Enter the menu title (at least Chinese and English)',
    es_ES: 'Introduzca el título del menú (al menos en chino e inglés)',
    ja_JP: 'メニュー名を入力してください（少なくとも中国語と英語）',
  },
  menuCodeFormat: {
    zh_CN: '菜单编码须以字母开头，只能包含字母、数字、点、下划线和短横线',
    en_US: 'The menu code must start with a letter and hold only letters, digits, dots, underscores and hyphens',
    es_ES:
      'El código del menú debe empezar por una letra y contener solo letras, dígitos, puntos, guiones bajos y guiones',
    ja_JP: 'メニューコードは英字で始め、英数字・ドット・アンダースコア・ハイフンのみ使用できます',
  },
  menuPermsFormat: {
    zh_CN: '权限标识格式不正确，应为 a:b:c，多个用逗号分隔',
    en_US: 'Permissions must look like a:b:c, several separated by commas',
    es_ES: 'Los permisos deben tener la forma a:b:c, varios separados por comas',
    ja_JP: '権限の形式が正しくありません（a:b:c、複数はカンマ区切り）',
  },
  menuUrlFormat: {
    zh_CN: '外链须以 http:、https:、mailto: 或 tel: 开头（站内地址以 / 开头）',
    en_US: 'An external link must start with http:, https:, mailto: or tel: (a page of the platform starts with /)',
    es_ES:
      'Un enlace externo debe empezar por http:, https:, mailto: o tel: (una página de la plataforma empieza por /)',
    ja_JP: '外部リンクは http:、https:、mailto:、tel: で始めてください（プラットフォーム内のページは / で始まります）',
  },
  menuIconFormat: {
    zh_CN: '图标名称不正确',
    en_US: 'The icon name is not valid',
    es_ES: 'El nombre del icono no es válido',
    ja_JP: 'アイコン名が正しくありません',
  },
  menuColorFormat: {
    zh_CN: '颜色格式不正确',
    en_US: 'The colour is not valid',
    es_ES: 'El color no es válido',
    ja_JP: '色の形式が正しくありません',
  },
  menuButtonRoot: {
    zh_CN: '按钮必须位于某个菜单之下',
    en_US: 'A button must be placed under a menu',
    es_ES: 'Un botón debe estar debajo de un menú',
    ja_JP: 'ボタンはメニューの下に配置してください',
  },
  menuParentMissing: {
    zh_CN: '上级菜单不存在',
    en_US: 'The parent menu does not exist',
    es_ES: 'El menú superior no existe',
    ja_JP: '親メニューが存在しません',
  },
  menuParentSelf: {
    zh_CN: '上级菜单不能是自己',
    en_US: 'A menu cannot be its own parent',
    es_ES: 'Un menú no puede ser su propio menú superior',
    ja_JP: '自分自身を親メニューにはできません',
  },
  menuParentDescendant: {
    zh_CN: '上级菜单不能是自己的下级',
    en_US: 'The parent cannot be one of the menu’s own descendants',
    es_ES: 'El menú superior no puede ser uno de sus propios descendientes',
    ja_JP: '自分の下位メニューを親メニューにはできません',
  },
  menuParentButton: {
    zh_CN: '按钮下不能再添加菜单或按钮',
    en_US: 'A button cannot hold menus or buttons',
    es_ES: 'Un botón no puede contener menús ni botones',
    ja_JP: 'ボタンの下にメニューやボタンは追加できません',
  },
  menuButtonWithChildren: {
    zh_CN: '该菜单下还有子项，不能改为按钮',
    en_US: 'This menu has items below it and cannot become a button',
    es_ES: 'Este menú tiene elementos debajo y no puede convertirse en botón',
    ja_JP: 'このメニューには下位項目があるため、ボタンに変更できません',
  },
  menuStationMissing: {
    zh_CN: '所选站点不存在',
    en_US: 'A chosen station does not exist',
    es_ES: 'Una de las estaciones elegidas no existe',
    ja_JP: '選択した発電所が存在しません',
  },
  dictTypeNotFound: {
    zh_CN: '字典类型不存在',
    en_US: 'The dictionary type does not exist',
    es_ES: 'El tipo de diccionario no existe',
    ja_JP: '辞書タイプが存在しません',
  },
  dictItemNotFound: {
    zh_CN: '字典项不存在',
    en_US: 'The dictionary item does not exist',
    es_ES: 'El elemento del diccionario no existe',
    ja_JP: '辞書項目が存在しません',
  },
  dictTypeTaken: {
    zh_CN: '字典类型“{type}”已存在',
    en_US: 'A dictionary type named "{type}" already exists',
    es_ES: 'Ya existe un tipo de diccionario llamado «{type}»',
    ja_JP: '辞書タイプ「{type}」は既に存在します',
  },
  dictItemKeyTaken: {
    zh_CN: '该字典类型下已存在键“{key}”',
    en_US: 'This dictionary type already has the key "{key}"',
    es_ES: 'Este tipo de diccionario ya tiene la clave «{key}»',
    ja_JP: 'この辞書タイプにはキー「{key}」が既に存在します',
  },
  dictItemValueTaken: {
    zh_CN: '该字典类型下已存在值“{value}”',
    en_US: 'This dictionary type already has the value "{value}"',
    es_ES: 'Este tipo de diccionario ya tiene el valor «{value}»',
    ja_JP: 'この辞書タイプには値「{value}」が既に存在します',
  },
  dictTypeHasItems: {
    zh_CN: '该字典类型下还有 {count} 个字典项，确认后将一并删除',
    en_US: 'This dictionary type still has {count} items; confirm to delete them with it',
    es_ES: 'Este tipo de diccionario aún tiene {count} elementos; confirme para eliminarlos con él',
    ja_JP: 'この辞書タイプには {count} 件の項目があります。確認すると一緒に削除されます',
  },
  dictTypeBuiltIn: {
    zh_CN: '字典类型“{type}”为系统内置，不能删除或改名',
    en_US: 'The dictionary type "{type}" is built in and cannot be deleted or renamed',
    es_ES: 'El tipo de diccionario «{type}» es del sistema y no se puede eliminar ni renombrar',
    ja_JP: '辞書タイプ「{type}」はシステム組み込みのため、削除や名前の変更はできません',
  },
  dictItemBuiltIn: {
    zh_CN: '字典项“{key}”为系统内置，不能删除或修改键和值',
    en_US: 'The dictionary item "{key}" is built in: it cannot be deleted and its key and value cannot change',
    es_ES: 'El elemento «{key}» es del sistema: no se puede eliminar ni cambiar su clave ni su valor',
    ja_JP: '辞書項目「{key}」はシステム組み込みのため、削除やキー・値の変更はできません',
  },
  dictTypeFormat: {
    zh_CN: '字典类型须以字母开头，只能包含字母、数字和下划线',
    en_US: 'The dictionary type must start with a letter and hold only letters, digits and underscores',
    es_ES: 'El tipo de diccionario debe empezar por una letra y contener solo letras, dígitos y guiones bajos',
    ja_JP: '辞書タイプは英字で始め、英数字とアンダースコアのみ使用できます',
  },
  dictDescriptionRequired: {
    zh_CN: '请填写字典描述',
    en_US: 'Enter the description',
    es_ES: 'Introduzca la descripción',
    ja_JP: '説明を入力してください',
  },
  dictKeyRequired: {
    zh_CN: '请填写字典键',
    en_US: 'Enter the key',
    es_ES: 'Introduzca la clave',
    ja_JP: 'キーを入力してください',
  },
  dictValueRequired: {
    zh_CN: '请填写字典值',
    en_US: 'Enter the value',
    es_ES: 'Introduzca el valor',
    ja_JP: '値を入力してください',
  },
  dictLabelRequired: {
    zh_CN: '请填写标签（至少中文和英文）',
    en_US: 'Enter the label (at least Chinese and English)',
    es_ES: 'Introduzca la etiqueta (al menos en chino e inglés)',
    ja_JP: 'ラベルを入力してください（少なくとも中国語と英語）',
  },
} satisfies Record<string, Record<Lang, string>>;
