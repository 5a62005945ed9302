import type { Lang } from '../i18n';

/**
 * Answers about the request itself and the session: format, sign-in, rights, limits, password
 * rules (joined into the catalogue of catalogue.ts).
 */
export const requestMessages = {
  ok: { zh_CN: '操作成功', en_US: 'Operation succeeded', es_ES: 'Operación realizada', ja_JP: '操作に成功しました' },
  badRequest: {
    zh_CN: '请求参数错误：{detail}',
    en_US: 'Invalid request: {detail}',
    es_ES: 'Solicitud no válida: {detail}',
    ja_JP: 'リクエストが不正です：{detail}',
  },
  badJson: {
    zh_CN: '请求体不是有效的 JSON',
    en_US: 'The request body is not valid JSON',
    es_ES: 'El cuerpo de la solicitud no es JSON válido',
    ja_JP: 'リクエスト本文が正しい JSON ではありません',
  },
  unsupportedMediaType: {
    zh_CN: '不支持的内容类型',
    en_US: 'Unsupported content type',
    es_ES: 'Tipo de contenido no admitido',
    ja_JP: 'サポートされていないコンテンツタイプです',
  },
  unauthenticated: {
    zh_CN: '请先登录',
    en_US: 'Please log in first',
    es_ES: 'Inicie sesión primero',
    ja_JP: '先にログインしてください',
  },
  sessionExpired: {
    zh_CN: '登录凭证已过期，请重新登录',
    en_US: 'Login credential expired, please log in again',
    es_ES: 'La credencial de inicio de sesión ha caducado, vuelva a iniciar sesión',
    ja_JP: 'ログイン資格情報の有効期限が切れました。再度ログインしてください',
  },
  sessionInvalid: {
    zh_CN: '登录凭证无效，请重新登录',
    en_US: 'Login credential is invalid, please log in again',
    es_ES: 'La credencial de inicio de sesión no es válida, vuelva a iniciar sesión',
    ja_JP: 'ログイン資格情報が無効です。再度ログインしてください',
  },
  forbidden: {
    zh_CN: '没有该页面的权限',
    en_US: 'No permission for this page',
    es_ES: 'Sin permiso para esta página',
    ja_JP: 'このページへの権限がありません',
  },
  readOnly: {
    zh_CN: '当前账号为只读，不能修改数据',
    en_US: 'This account is read-only',
    es_ES: 'Esta cuenta es de solo lectura',
    ja_JP: 'このアカウントは読み取り専用です',
  },
  demoAccount: {
    zh_CN: '共享演示账号不能修改密码或个人设置',
    en_US: 'The shared demo account cannot change its password or personal settings',
    es_ES: 'La cuenta de demostración compartida no puede cambiar su contraseña ni su configuración personal',
    ja_JP: '共有デモアカウントはパスワードや個人設定を変更できません',
  },
  screenWindow: {
    zh_CN: '大屏窗口只能查看大屏展示的数据',
    en_US: 'A large-screen window can only read what a large screen shows',
    es_ES: 'Una ventana de pantalla grande solo puede leer lo que muestra una pantalla grande',
    ja_JP: '大画面ウィンドウは大画面に表示されるデータのみ閲覧できます',
  },
  visualLinkOnly: {
    zh_CN: '只有指向可视化主机的链接才能获取登录码',
    en_US: 'Only links to the visualisation host get a sign-in code',
    es_ES: 'Solo los enlaces al servidor de visualización obtienen un código de inicio de sesión',
    ja_JP: 'ログインコードを取得できるのは可視化ホストへのリンクのみです',
  },
  notFound: {
    zh_CN: '资源不存在',
    en_US: 'Not found',
    es_ES: 'No encontrado',
    ja_JP: '見つかりません',
  },
  routeNotFound: {
    zh_CN: '请求的地址不存在：{path}',
    en_US: 'Not found: {path}',
    es_ES: 'No encontrado: {path}',
    ja_JP: '存在しないアドレスです：{path}',
  },
  stationNotFound: {
    zh_CN: '电站不存在或无权访问',
    en_US: 'Station does not exist or is not accessible',
    es_ES: 'La estación no existe o no es accesible',
    ja_JP: '発電所が存在しないか、アクセス権がありません',
  },
  conflict: {
    zh_CN: '数据冲突',
    en_US: 'Conflict with existing data',
    es_ES: 'Conflicto con datos existentes',
    ja_JP: '既存のデータと競合しています',
  },
  tooLarge: {
    zh_CN: '请求体过大',
    en_US: 'Request body too large',
    es_ES: 'Cuerpo de la solicitud demasiado grande',
    ja_JP: 'リクエスト本文が大きすぎます',
  },
  rateLimited: {
    zh_CN: '请求过于频繁，请 {seconds} 秒后再试',
    en_US: 'Too many requests, try again in {seconds} s',
    es_ES: 'Demasiadas solicitudes, inténtelo de nuevo en {seconds} s',
    ja_JP: 'リクエストが多すぎます。{seconds} 秒後に再試行してください',
  },
  passwordBusy: {
    zh_CN: '当前登录人数过多，请 {seconds} 秒后再试',
    en_US: 'Too many sign-ins at this moment, try again in {seconds} s',
    es_ES: 'Demasiados inicios de sesión en este momento, inténtelo de nuevo en {seconds} s',
    ja_JP: '現在ログインが集中しています。{seconds} 秒後に再試行してください',
  },
  databaseBusy: {
    zh_CN: '服务器繁忙，请稍后再试',
    en_US: 'The server is busy, please try again shortly',
    es_ES: 'El servidor está ocupado, inténtelo de nuevo en unos momentos',
    ja_JP: 'サーバーが混み合っています。しばらくしてから再試行してください',
  },
  serverError: {
    zh_CN: '服务器内部错误',
    en_US: 'Internal server error',
    es_ES: 'Error interno del servidor',
    ja_JP: 'サーバー内部エラー',
  },
  badCredentials: {
    zh_CN: '用户名或密码错误',
    en_US: 'Incorrect user name or password',
    es_ES: 'Usuario o contraseña incorrectos',
    ja_JP: 'ユーザー名またはパスワードが正しくありません',
  },
  unsafeText: {
    zh_CN: '包含不允许的字符（空字符或不成对的代理项）',
    en_US: 'contains a character that is not allowed (NUL or an unpaired surrogate)',
    es_ES: 'contiene un carácter no permitido (NUL o un sustituto no emparejado)',
    ja_JP: '使用できない文字（NUL または対になっていないサロゲート）が含まれています',
  },
  screenLoginOff: {
    zh_CN: '大屏自动登录已关闭，请使用账号登录',
    en_US: 'Automatic large-screen sign-in is turned off; sign in with an account',
    es_ES: 'El inicio de sesión automático de pantalla grande está desactivado; inicie sesión con una cuenta',
    ja_JP: '大画面の自動ログインは無効です。アカウントでログインしてください',
  },
  badCipher: {
    zh_CN: '密码密文无法解密（加密密钥可能已过期），请重试',
    en_US: 'The encrypted password could not be decrypted (its key may have expired); try again',
    es_ES: 'No se pudo descifrar la contraseña cifrada (su clave puede haber caducado); inténtelo de nuevo',
    ja_JP: '暗号化されたパスワードを復号できません（鍵の期限切れの可能性があります）。もう一度お試しください',
  },
  keyReplayed: {
    zh_CN: '加密密钥已被使用，请刷新后重试',
    en_US: 'This encryption key was already used; reload and try again',
    es_ES: 'Esta clave de cifrado ya se usó; recargue e inténtelo de nuevo',
    ja_JP: 'この暗号鍵は使用済みです。再読み込みしてやり直してください',
  },
  accountLocked: {
    zh_CN: '此地址登录失败次数过多，该账号已对此地址锁定，请 {minutes} 分钟后再试',
    en_US: 'Too many failed logins from this address: the account is locked for it, try again in {minutes} min',
    es_ES:
      'Demasiados intentos fallidos desde esta dirección: la cuenta está bloqueada para ella, inténtelo en {minutes} min',
    ja_JP:
      'このアドレスからのログイン失敗が多すぎるため、アカウントはこのアドレスに対してロックされました。{minutes} 分後に再試行してください',
  },
  loginThrottled: {
    zh_CN: '该账号近期登录失败次数过多，请 {seconds} 秒后再试',
    en_US: 'Too many failed logins for this account lately: try again in {seconds} s',
    es_ES: 'Demasiados intentos fallidos recientes para esta cuenta: inténtelo de nuevo en {seconds} s',
    ja_JP: 'このアカウントへのログイン失敗が最近多すぎます。{seconds} 秒後に再試行してください',
  },
  // A signed-in user's re-entered password (control, password change) refused by the same guard.
  passwordChecksLocked: {
    zh_CN: '此地址该账号的密码错误次数过多：{minutes} 分钟内不再校验密码',
    en_US: 'Too many wrong passwords for this account from this address: passwords are not checked for {minutes} min',
    es_ES:
      'Demasiadas contraseñas incorrectas para esta cuenta desde esta dirección: no se comprueban contraseñas durante {minutes} min',
    ja_JP: 'このアドレスからこのアカウントのパスワード誤りが多すぎるため、{minutes} 分間パスワードは確認されません',
  },
  passwordChecksThrottled: {
    zh_CN: '该账号近期密码错误次数过多：{seconds} 秒内不再校验密码',
    en_US: 'Too many wrong passwords for this account lately: passwords are not checked for {seconds} s',
    es_ES:
      'Demasiadas contraseñas incorrectas recientes para esta cuenta: no se comprueban contraseñas durante {seconds} s',
    ja_JP: 'このアカウントのパスワード誤りが最近多すぎるため、{seconds} 秒間パスワードは確認されません',
  },
  accountDisabled: {
    zh_CN: '账号已停用',
    en_US: 'The account is disabled',
    es_ES: 'La cuenta está deshabilitada',
    ja_JP: 'アカウントは無効です',
  },
  passwordLength: {
    zh_CN: '密码长度为 6 到 18 位',
    en_US: 'Password must be 6 to 18 characters',
    es_ES: 'La contraseña debe tener de 6 a 18 caracteres',
    ja_JP: 'パスワードは 6〜18 文字です',
  },
  oldPasswordWrong: {
    zh_CN: '原密码错误',
    en_US: 'Incorrect password',
    es_ES: 'Contraseña incorrecta',
    ja_JP: 'パスワードが正しくありません',
  },
  passwordSame: {
    zh_CN: '新密码不能与原密码相同',
    en_US: 'The new password must differ from the old one',
    es_ES: 'La nueva contraseña debe ser distinta de la anterior',
    ja_JP: '新しいパスワードは現在のものと異なる必要があります',
  },
} satisfies Record<string, Record<Lang, string>>;
