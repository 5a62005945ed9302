/**
 * Refusals of the grant rules (domains/access/grants, docs/architecture.md "Who may grant what"):
 * nobody grants what they do not hold, nor changes their own rights.
 */
export const grantMessages = {
  grantMenusBeyond: {
    zh_CN: '只能授予您自己拥有的菜单和权限',
    en_US: 'You can only grant menus and permissions you hold yourself',
    es_ES: 'Solo puede conceder menús y permisos que usted mismo tiene',
    ja_JP: 'ご自身が持つメニューと権限のみ付与できます',
  },
  grantScopeBeyond: {
    zh_CN: '只能授予您自己数据权限范围内的数据权限',
    en_US: 'You can only grant a data scope within your own',
    es_ES: 'Solo puede conceder un alcance de datos dentro del suyo',
    ja_JP: 'ご自身のデータ範囲内のデータ範囲のみ付与できます',
  },
  grantStationsBeyond: {
    zh_CN: '只能授予您自己可见范围内的电站',
    en_US: 'You can only grant stations within your own scope',
    es_ES: 'Solo puede conceder estaciones dentro de su propio alcance',
    ja_JP: 'ご自身の範囲内の発電所のみ付与できます',
  },
  grantOrgBeyond: {
    zh_CN: '只能将用户放在您数据权限范围内的组织（含其下级）中',
    en_US: 'You can only place users in an organisation that lies, with everything below it, within your data scope',
    es_ES:
      'Solo puede ubicar usuarios en una organización que, con todo lo que cuelga de ella, esté dentro de su alcance de datos',
    ja_JP: 'ユーザーは、配下を含めてご自身のデータ範囲内にある組織にのみ配置できます',
  },
  grantSelf: {
    zh_CN: '不能修改自己的角色、组织或电站角色，请由其他管理员操作',
    en_US: 'Nobody changes their own roles, organisation or station roles: ask another administrator',
    es_ES: 'Nadie cambia sus propios roles, organización o roles de estación: pídaselo a otro administrador',
    ja_JP: 'ご自身のロール・組織・発電所ロールは変更できません。他の管理者に依頼してください',
  },
  grantOwnRole: {
    zh_CN: '您自己拥有此角色，请由其他管理员修改',
    en_US: 'You hold this role yourself: another administrator must change it',
    es_ES: 'Usted mismo tiene este rol: debe cambiarlo otro administrador',
    ja_JP: 'このロールはご自身が持っています。他の管理者が変更してください',
  },
  roleBeyondReach: {
    zh_CN: '此角色授予的权限超出您自己拥有的，只有管理员可以修改',
    en_US: 'This role grants more than you hold: only an administrator may change it',
    es_ES: 'Este rol concede más de lo que usted tiene: solo un administrador puede cambiarlo',
    ja_JP: 'このロールはご自身の権限を超えて付与しています。管理者のみ変更できます',
  },
  userBeyondReach: {
    zh_CN: '此用户拥有超出您自己的权限，只有管理员可以修改',
    en_US: 'This user holds rights beyond yours: only an administrator may change them',
    es_ES: 'Este usuario tiene derechos que superan los suyos: solo un administrador puede cambiarlo',
    ja_JP: 'このユーザーはご自身を超える権限を持っています。管理者のみ変更できます',
  },
  userSelfResetPwd: {
    zh_CN: '不能在此重置自己的密码，请使用“修改密码”（需输入原密码）',
    en_US: 'You cannot reset your own password here: use "Change password", which asks for the current one',
    es_ES: 'No puede restablecer aquí su propia contraseña: use «Cambiar contraseña», que pide la actual',
    ja_JP: 'ここでご自身のパスワードはリセットできません。現在のパスワードを求める「パスワード変更」をご利用ください',
  },
  menuPermsAdminOnly: {
    zh_CN: '只有管理员可以设置或修改菜单的权限标识',
    en_US: 'Only an administrator may set or change the permissions of a menu row',
    es_ES: 'Solo un administrador puede fijar o cambiar los permisos de una fila de menú',
    ja_JP: 'メニュー行の権限の設定・変更は管理者のみ可能です',
  },
} as const;
