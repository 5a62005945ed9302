import type { Lang } from '../i18n';
import { accessMessages } from './access-messages';
import { alarmMessages } from './alarm-messages';
import { archiveMessages } from './archive-messages';
import { configMessages } from './config-messages';
import { controlMessages } from './control-messages';
import { equipmentMessages } from './equipment-messages';
import { grantMessages } from './grant-messages';
import { logMessages } from './log-messages';
import { menuDictMessages } from './menu-dict-messages';
import { opsMessages } from './ops-messages';
import { orgMessages } from './org-messages';
import { planCurveMessages } from './plan-curve-messages';
import { rateMessages } from './rate-messages';
import { sequenceMessages } from './sequence-messages';
import { strategyMessages } from './strategy-messages';

/**
 * Server messages in the four interface languages; `{x}` placeholders are filled by `translate`.
 * Each group is its own module so the web bundles only the groups it imports.
 */
const catalogue = {
  ...alarmMessages,
  ...archiveMessages,
  ...rateMessages,
  ...menuDictMessages,
  ...equipmentMessages,
  ...configMessages,
  ...controlMessages,
  ...accessMessages,
  ...grantMessages,
  ...logMessages,
  ...orgMessages,
  ...opsMessages,
  ...planCurveMessages,
  ...strategyMessages,
  ...sequenceMessages,
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
  // Devices, points, monitoring, live (modules device, point, virtual, meter-role, monitoring, live).
  deviceNotFound: {
    zh_CN: '设备不存在或无权访问',
    en_US: 'Device does not exist or is not accessible',
    es_ES: 'El equipo no existe o no es accesible',
    ja_JP: '機器が存在しないか、アクセス権がありません',
  },
  virtualNotFound: {
    zh_CN: '虚拟设备不存在或无权访问',
    en_US: 'Virtual device does not exist or is not accessible',
    es_ES: 'El equipo virtual no existe o no es accesible',
    ja_JP: '仮想機器が存在しないか、アクセス権がありません',
  },
  virtualNoCredentials: {
    zh_CN: '虚拟设备没有接入凭证',
    en_US: 'A virtual device has no credentials',
    es_ES: 'Un equipo virtual no tiene credenciales',
    ja_JP: '仮想機器には認証情報がありません',
  },
  unknownPoints: {
    zh_CN: '设备 {sn} 没有测点：{codes}',
    en_US: 'Device {sn} has no point {codes}',
    es_ES: 'El equipo {sn} no tiene el punto {codes}',
    ja_JP: '機器 {sn} に測定点 {codes} がありません',
  },
  badRange: {
    zh_CN: '结束时间必须晚于开始时间，且跨度不超过五年',
    en_US: 'The end must be after the start, at most five years later',
    es_ES: 'El final debe ser posterior al inicio, como máximo cinco años después',
    ja_JP: '終了は開始より後で、期間は五年以内にしてください',
  },
  formulaSyntax: {
    zh_CN: '测点 {point} 的公式有误（第 {at} 个字符）：{detail}',
    en_US: 'Formula of point {point} is invalid at character {at}: {detail}',
    es_ES: 'La fórmula del punto {point} no es válida en el carácter {at}: {detail}',
    ja_JP: '測定点 {point} の式が不正です（{at} 文字目）：{detail}',
  },
  formulaNoInput: {
    zh_CN: '测点 {point} 的公式未引用任何设备测点',
    en_US: 'Formula of point {point} reads no device point',
    es_ES: 'La fórmula del punto {point} no lee ningún punto de equipo',
    ja_JP: '測定点 {point} の式が機器の測定点を参照していません',
  },
  formulaUnknownDevice: {
    zh_CN: '测点 {point} 的公式引用了本电站不存在的设备 {sn}',
    en_US: 'Formula of point {point}: this station has no device {sn}',
    es_ES: 'Fórmula del punto {point}: esta estación no tiene el equipo {sn}',
    ja_JP: '測定点 {point} の式：この発電所に機器 {sn} はありません',
  },
  formulaVirtualRef: {
    zh_CN: '测点 {point} 的公式引用了虚拟设备 {sn}，公式只能引用真实设备的测点',
    en_US: 'Formula of point {point}: {sn} is a virtual device; formulas read real devices only',
    es_ES: 'Fórmula del punto {point}: {sn} es un equipo virtual; las fórmulas solo leen equipos reales',
    ja_JP: '測定点 {point} の式：{sn} は仮想機器です。式は実機器の測定点のみ参照できます',
  },
  formulaUnknownPoint: {
    zh_CN: '测点 {point} 的公式：设备 {sn} 没有测点 {code}',
    en_US: 'Formula of point {point}: device {sn} has no point {code}',
    es_ES: 'Fórmula del punto {point}: el equipo {sn} no tiene el punto {code}',
    ja_JP: '測定点 {point} の式：機器 {sn} に測定点 {code} はありません',
  },
  formulaUnknownTypePoint: {
    zh_CN: '测点 {point} 的公式：设备类型 {type} 的型号没有测点 {code}',
    en_US: 'Formula of point {point}: no model of device type {type} has point {code}',
    es_ES: 'Fórmula del punto {point}: ningún modelo del tipo {type} tiene el punto {code}',
    ja_JP: '測定点 {point} の式：機器種別 {type} のモデルに測定点 {code} はありません',
  },
  snTaken: {
    zh_CN: '设备序列号 {sn} 已被使用',
    en_US: 'Serial number {sn} is already in use',
    es_ES: 'El número de serie {sn} ya está en uso',
    ja_JP: 'シリアル番号 {sn} は既に使われています',
  },
  snPrefix: {
    zh_CN: '设备序列号须以本电站的前缀 {prefix} 开头',
    en_US: "The serial number must start with the station's prefix {prefix}",
    es_ES: 'El número de serie debe empezar por el prefijo de la estación {prefix}',
    ja_JP: 'シリアル番号は電站の接頭辞 {prefix} で始まる必要があります',
  },
  meterRoleTaken: {
    zh_CN: '{role}已配置，请使用修改',
    en_US: '{role} is already configured; update it instead',
    es_ES: '{role} ya está configurado; modifíquelo en su lugar',
    ja_JP: '{role}は設定済みです。変更してください',
  },
  notStationMeter: {
    zh_CN: '设备 {deviceId} 不是本电站的电表',
    en_US: 'Device {deviceId} is not a meter of this station',
    es_ES: 'El equipo {deviceId} no es un contador de esta estación',
    ja_JP: '機器 {deviceId} はこの発電所のメーターではありません',
  },
  wsUpgradeRequired: {
    zh_CN: '此地址只接受 WebSocket 连接',
    en_US: 'This address accepts WebSocket connections only',
    es_ES: 'Esta dirección solo acepta conexiones WebSocket',
    ja_JP: 'このアドレスは WebSocket 接続のみ受け付けます',
  },
  liveBadMessage: {
    zh_CN: '无法识别的实时消息',
    en_US: 'Unrecognised live message',
    es_ES: 'Mensaje en vivo no reconocido',
    ja_JP: '認識できないライブメッセージです',
  },
  exportNoData: {
    zh_CN: '没有可导出的数据',
    en_US: 'No data found to export',
    es_ES: 'No hay datos para exportar',
    ja_JP: 'エクスポートするデータがありません',
  },
  curveSetNotFound: {
    zh_CN: '曲线组不存在',
    en_US: 'The curve set does not exist',
    es_ES: 'El conjunto de curvas no existe',
    ja_JP: '曲線セットが存在しません',
  },
  curveSetNameTaken: {
    zh_CN: '曲线组名称“{name}”已存在',
    en_US: 'A curve set named "{name}" already exists',
    es_ES: 'Ya existe un conjunto de curvas llamado «{name}»',
    ja_JP: '曲線セット「{name}」は既に存在します',
  },
  curveSetLimit: {
    zh_CN: '每个电站最多保存 {max} 个曲线组',
    en_US: 'At most {max} curve sets per station',
    es_ES: 'Como máximo {max} conjuntos de curvas por estación',
    ja_JP: '発電所ごとに保存できる曲線セットは最大 {max} 個です',
  },
  curveExportName: { zh_CN: '历史曲线', en_US: 'history-curves', es_ES: 'curvas-historicas', ja_JP: '履歴曲線' },
  curveExportTime: { zh_CN: '时间', en_US: 'Time', es_ES: 'Hora', ja_JP: '時刻' },
  curveExportMin: { zh_CN: '最小值', en_US: 'min', es_ES: 'mín.', ja_JP: '最小' },
  curveExportMax: { zh_CN: '最大值', en_US: 'max', es_ES: 'máx.', ja_JP: '最大' },
  curveExportData: { zh_CN: '曲线数据', en_US: 'Curves', es_ES: 'Curvas', ja_JP: '曲線データ' },
  curveExportIndicators: { zh_CN: '指标', en_US: 'Indicators', es_ES: 'Indicadores', ja_JP: '指標' },
  curveExportDevice: { zh_CN: '设备', en_US: 'Device', es_ES: 'Equipo', ja_JP: '機器' },
  curveExportSn: { zh_CN: '序列号', en_US: 'Serial number', es_ES: 'Número de serie', ja_JP: 'シリアル番号' },
  curveExportCode: { zh_CN: '测点编码', en_US: 'Point code', es_ES: 'Código de punto', ja_JP: '計測点コード' },
  curveExportPoint: { zh_CN: '测点', en_US: 'Point', es_ES: 'Punto', ja_JP: '計測点' },
  curveExportUnit: { zh_CN: '单位', en_US: 'Unit', es_ES: 'Unidad', ja_JP: '単位' },
  curveExportResolution: { zh_CN: '分辨率', en_US: 'Resolution', es_ES: 'Resolución', ja_JP: '分解能' },
  curveExportBucket: {
    zh_CN: '时间桶（秒）',
    en_US: 'Bucket (s)',
    es_ES: 'Intervalo (s)',
    ja_JP: 'バケット（秒）',
  },
  curveExportTimezone: { zh_CN: '时区', en_US: 'Time zone', es_ES: 'Zona horaria', ja_JP: 'タイムゾーン' },
  pageConfigMenuNotFound: {
    zh_CN: '菜单 {permissionId} 不存在或无权访问',
    en_US: 'Menu {permissionId} does not exist or is not accessible',
    es_ES: 'El menú {permissionId} no existe o no es accesible',
    ja_JP: 'メニュー {permissionId} は存在しないか、アクセスできません',
  },
  pageConfigPointMismatch: {
    zh_CN: '测点 {flgId} 不属于设备 {deviceId}',
    en_US: 'Point {flgId} does not belong to device {deviceId}',
    es_ES: 'El punto {flgId} no pertenece al equipo {deviceId}',
    ja_JP: '計測点 {flgId} は機器 {deviceId} に属していません',
  },
  messageEndBeforeNow: {
    zh_CN: '结束时间不能小于当前时间',
    en_US: 'The end time is not less than the current time',
    es_ES: 'La hora de fin no puede ser anterior a la hora actual',
    ja_JP: '終了時刻は現在時刻より前にできません',
  },
  messageStartAfterEnd: {
    zh_CN: '开始时间必须早于结束时间',
    en_US: 'The start time must be before the end time',
    es_ES: 'La hora de inicio debe ser anterior a la hora de fin',
    ja_JP: '開始時刻は終了時刻より前にしてください',
  },
  messageBroadcasting: {
    zh_CN: '消息正在播放，不能修改',
    en_US: 'The message is being broadcast and cannot be edited',
    es_ES: 'El mensaje se está difundiendo y no se puede editar',
    ja_JP: 'メッセージは配信中のため編集できません',
  },
  messageEnded: {
    zh_CN: '消息已结束，不能修改',
    en_US: 'The message has ended and cannot be edited',
    es_ES: 'El mensaje ha finalizado y no se puede editar',
    ja_JP: 'メッセージは終了しているため編集できません',
  },
  messageAlreadyRead: {
    zh_CN: '该消息已读',
    en_US: 'This message has already been read',
    es_ES: 'Este mensaje ya se ha leído',
    ja_JP: 'このメッセージは既読です',
  },
  messageNotFound: {
    zh_CN: '消息不存在或无权访问',
    en_US: 'Message does not exist or is not accessible',
    es_ES: 'El mensaje no existe o no es accesible',
    ja_JP: 'メッセージが存在しないか、アクセス権がありません',
  },
  messageRecipientNotFound: {
    zh_CN: '接收用户不存在或无权发送',
    en_US: 'A receiving user does not exist or cannot be addressed',
    es_ES: 'Un usuario destinatario no existe o no se le puede enviar',
    ja_JP: '受信ユーザーが存在しないか、送信できません',
  },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof catalogue;
export const messageKeys = Object.keys(catalogue) as MessageKey[];

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  let text: string = catalogue[key][lang];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
