import type { Lang } from '../i18n';

/** Messages of offset settings, topology jumps and configuration commands (joined into catalogue.ts). */
export const configMessages = {
  offsetRange: {
    zh_CN: '数值须在 -99999999 到 99999999 之间',
    en_US: 'The value must be between -99,999,999 and 99,999,999',
    es_ES: 'El valor debe estar entre -99.999.999 y 99.999.999',
    ja_JP: '値は -99,999,999 から 99,999,999 の範囲で入力してください',
  },
  scaleZero: {
    zh_CN: '系数不能为0',
    en_US: 'The scale must not be 0',
    es_ES: 'El factor no puede ser 0',
    ja_JP: '係数に 0 は指定できません',
  },
  offsetDuplicatePoint: {
    zh_CN: '同一测点不能重复设置',
    en_US: 'A point appears more than once',
    es_ES: 'Un punto aparece más de una vez',
    ja_JP: '同じ測定点が重複しています',
  },
  offsetPointNotFound: {
    zh_CN: '测点不存在或不属于该电站',
    en_US: 'A point does not exist or is not a reported point of this station',
    es_ES: 'Un punto no existe o no es un punto medido de esta estación',
    ja_JP: '測定点が存在しないか、この発電所の測定点ではありません',
  },
  topologyJumpDuplicateNode: {
    zh_CN: '节点“{node}”重复配置',
    en_US: 'Node "{node}" is configured more than once',
    es_ES: 'El nodo «{node}» está configurado más de una vez',
    ja_JP: 'ノード「{node}」が重複しています',
  },
  topologyJumpDeviceNotFound: {
    zh_CN: '电站设备不存在',
    en_US: 'The station equipment does not exist',
    es_ES: 'El equipo de la estación no existe',
    ja_JP: '発電所の機器が存在しません',
  },
  controlPasswordWrong: {
    zh_CN: '密码错误',
    en_US: 'Incorrect password',
    es_ES: 'Contraseña incorrecta',
    ja_JP: 'パスワードが正しくありません',
  },
  commandInFlight: {
    zh_CN: '下发中，请稍候',
    en_US: 'Delivery in progress, please wait',
    es_ES: 'Envío en curso, espere',
    ja_JP: '配信中です。しばらくお待ちください',
  },
  commandNoEms: {
    zh_CN: '电站设备不存在',
    en_US: 'The station equipment does not exist',
    es_ES: 'El equipo de la estación no existe',
    ja_JP: '発電所の機器が存在しません',
  },
  commandNotFound: {
    zh_CN: '指令不存在或无权访问',
    en_US: 'The command does not exist or is not accessible',
    es_ES: 'La orden no existe o no es accesible',
    ja_JP: 'コマンドが存在しないか、アクセス権がありません',
  },
  commandDeviceOffline: {
    zh_CN: '设备离线',
    en_US: 'Device offline',
    es_ES: 'Equipo fuera de línea',
    ja_JP: '機器がオフラインです',
  },
  commandTimedOut: {
    zh_CN: '下发超时：{seconds} 秒内设备无应答',
    en_US: 'Timed out: no answer from the device within {seconds} s',
    es_ES: 'Tiempo agotado: el equipo no respondió en {seconds} s',
    ja_JP: 'タイムアウト：{seconds} 秒以内に機器の応答がありません',
  },
  commandInterrupted: {
    zh_CN: '服务重启，结果未知（按超时处理）',
    en_US: 'Server restarted before the answer; counted as timed out',
    es_ES: 'El servidor se reinició antes de la respuesta; se cuenta como tiempo agotado',
    ja_JP: '応答前にサーバーが再起動しました（タイムアウト扱い）',
  },
  commandPublishFailed: {
    zh_CN: '下发失败：{detail}',
    en_US: 'Delivery failed: {detail}',
    es_ES: 'Error de envío: {detail}',
    ja_JP: '配信に失敗しました：{detail}',
  },
} satisfies Record<string, Record<Lang, string>>;
