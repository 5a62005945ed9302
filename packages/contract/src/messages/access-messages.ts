/**
 * Messages of user, role and station-role administration (joined into the catalogue of
 * catalogue.ts). The field checks repeat the web form's texts (lib/i18n `validation.*`, spec 5)
 * word for word: the server refuses with what the form would have said.
 */
export const accessMessages = {
  phoneEmpty: {
    zh_CN: '手机号码不能为空',
    en_US: 'The phone number must not be empty',
    es_ES: 'El número de teléfono no puede estar vacío',
    ja_JP: '電話番号を入力してください',
  },
  phoneLength: {
    zh_CN: '手机号码长度不为11位',
    en_US: 'The phone number must have 11 digits',
    es_ES: 'El número de teléfono debe tener 11 dígitos',
    ja_JP: '電話番号は 11 桁です',
  },
  phoneFormat: {
    zh_CN: '手机号码格式不正确',
    en_US: 'The phone number format is incorrect',
    es_ES: 'El formato del número de teléfono no es correcto',
    ja_JP: '電話番号の形式が正しくありません',
  },
  emailFormat: {
    zh_CN: '邮箱格式不正确',
    en_US: 'Email format incorrect',
    es_ES: 'El formato del correo no es correcto',
    ja_JP: 'メールアドレスの形式が正しくありません',
  },
  userNotFound: {
    zh_CN: '用户不存在',
    en_US: 'The user does not exist',
    es_ES: 'El usuario no existe',
    ja_JP: 'ユーザーが存在しません',
  },
  usernameTaken: {
    zh_CN: '登录名“{username}”已存在',
    en_US: 'The login name "{username}" is already taken',
    es_ES: 'El nombre de inicio de sesión "{username}" ya existe',
    ja_JP: 'ログイン名「{username}」は既に存在します',
  },
  userSelfDelete: {
    zh_CN: '不能删除当前登录的用户',
    en_US: 'You cannot delete yourself',
    es_ES: 'No puede eliminar su propio usuario',
    ja_JP: '自分自身は削除できません',
  },
  userSelfDisable: {
    zh_CN: '不能停用当前登录的用户',
    en_US: 'You cannot disable yourself',
    es_ES: 'No puede deshabilitar su propio usuario',
    ja_JP: '自分自身は無効にできません',
  },
  userBuiltinAdmin: {
    zh_CN: '内置管理员不能删除、停用或取消管理员角色',
    en_US: 'The built-in administrator cannot be deleted, disabled or lose the admin role',
    es_ES: 'El administrador integrado no se puede eliminar, deshabilitar ni perder el rol de administrador',
    ja_JP: '組み込み管理者は削除・無効化できず、管理者ロールも外せません',
  },
  adminOnly: {
    zh_CN: '只有管理员可以授予或修改管理员角色的用户',
    en_US: 'Only an administrator may grant the admin role or change a user who holds it',
    es_ES: 'Solo un administrador puede conceder el rol de administrador o cambiar a un usuario que lo tenga',
    ja_JP: '管理者ロールの付与や管理者ユーザーの変更は管理者のみ可能です',
  },
  userOrgNotFound: {
    zh_CN: '组织不存在',
    en_US: 'The organisation does not exist',
    es_ES: 'La organización no existe',
    ja_JP: '組織が存在しません',
  },
  userPostNotFound: {
    zh_CN: '岗位不存在',
    en_US: 'The post does not exist',
    es_ES: 'El puesto no existe',
    ja_JP: '職位が存在しません',
  },
  roleNotFound: {
    zh_CN: '角色不存在',
    en_US: 'The role does not exist',
    es_ES: 'El rol no existe',
    ja_JP: 'ロールが存在しません',
  },
  roleCodeTaken: {
    zh_CN: '角色编码“{code}”已存在',
    en_US: 'The role code "{code}" is already taken',
    es_ES: 'El código de rol "{code}" ya existe',
    ja_JP: 'ロールコード「{code}」は既に存在します',
  },
  roleMenusRequired: {
    zh_CN: '请授权菜单',
    en_US: 'Please authorise menus',
    es_ES: 'Autorice al menos un menú',
    ja_JP: 'メニューを権限付与してください',
  },
  roleOrgsRequired: {
    zh_CN: '请选择数据权限的组织',
    en_US: 'Please choose the organisations of the data scope',
    es_ES: 'Elija las organizaciones del ámbito de datos',
    ja_JP: 'データ範囲の組織を選択してください',
  },
  roleMenuNotFound: {
    zh_CN: '菜单不存在',
    en_US: 'The menu does not exist',
    es_ES: 'El menú no existe',
    ja_JP: 'メニューが存在しません',
  },
  roleInUse: {
    zh_CN: '角色仍有 {count} 个用户，不能删除',
    en_US: 'The role still has {count} user(s) and cannot be deleted',
    es_ES: 'El rol todavía tiene {count} usuario(s) y no se puede eliminar',
    ja_JP: 'ロールにはまだ {count} 人のユーザーがいるため削除できません',
  },
  roleBuiltinAdmin: {
    zh_CN: '管理员角色不能删除或停用',
    en_US: 'The admin role cannot be deleted or disabled',
    es_ES: 'El rol de administrador no se puede eliminar ni deshabilitar',
    ja_JP: '管理者ロールは削除・無効化できません',
  },
  stationRoleNotFound: {
    zh_CN: '电站角色不存在',
    en_US: 'The station role does not exist',
    es_ES: 'El rol de estación no existe',
    ja_JP: '発電所ロールが存在しません',
  },
  stationRoleTaken: {
    zh_CN: '该用户在此电站已有角色',
    en_US: 'This user already has a role at this station',
    es_ES: 'Este usuario ya tiene un rol en esta estación',
    ja_JP: 'このユーザーはこの発電所で既にロールを持っています',
  },
  stationRoleAdmin: {
    zh_CN: '管理员角色不能作为电站角色',
    en_US: 'The admin role cannot be a station role',
    es_ES: 'El rol de administrador no puede ser un rol de estación',
    ja_JP: '管理者ロールは発電所ロールにできません',
  },
} as const;
