/** Dashboard messages (joined into the catalogue of catalogue.ts). */
export const dashboardMessages = {
  dashboardNotFound: {
    zh_CN: '看板不存在',
    en_US: 'The dashboard does not exist',
    es_ES: 'El panel no existe',
    ja_JP: 'ダッシュボードが存在しません',
  },
  dashboardNameTaken: {
    zh_CN: '已有同名看板',
    en_US: 'You already have a dashboard of that name',
    es_ES: 'Ya tiene un panel con ese nombre',
    ja_JP: '同じ名前のダッシュボードがすでにあります',
  },
  dashboardLimit: {
    zh_CN: '每个用户最多 {max} 个看板',
    en_US: 'At most {max} dashboards per user',
    es_ES: 'Como máximo {max} paneles por usuario',
    ja_JP: 'ダッシュボードは 1 ユーザーあたり {max} 件までです',
  },
  dashboardRoleNotHeld: {
    zh_CN: '只能共享给自己拥有的角色',
    en_US: 'A dashboard can be shared only with roles you hold',
    es_ES: 'Solo puede compartir un panel con roles que usted tiene',
    ja_JP: '共有できるのは自分が持つロールだけです',
  },
  dashboardLinkInvalid: {
    zh_CN: '链接无效或已被撤销',
    en_US: 'The link is not valid or was revoked',
    es_ES: 'El enlace no es válido o fue revocado',
    ja_JP: 'リンクが無効か、取り消されています',
  },
} as const;
