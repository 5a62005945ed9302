import type { Lang } from '../i18n';

/**
 * Messages of remote control, command cancelling, the one check of values sent to devices and
 * the ownership of command templates (joined into catalogue.ts).
 */
export const controlMessages = {
  controlValueRange: {
    zh_CN: '远程控制数值须在 -65535 到 65535 之间',
    en_US: 'Remote control values must be between -65,535 and 65,535',
    es_ES: 'Los valores de control remoto deben estar entre -65.535 y 65.535',
    ja_JP: 'リモート制御の値は -65,535 から 65,535 の範囲で入力してください',
  },
  controlValueOutOfPointRange: {
    zh_CN: '{point} 的数值须在 {min} 到 {max} 之间',
    en_US: 'The value of {point} must be between {min} and {max}',
    es_ES: 'El valor de {point} debe estar entre {min} y {max}',
    ja_JP: '{point} の値は {min} から {max} の範囲で入力してください',
  },
  controlValueNotAState: {
    zh_CN: '{point} 的数值须为以下之一：{states}',
    en_US: 'The value of {point} must be one of: {states}',
    es_ES: 'El valor de {point} debe ser uno de: {states}',
    ja_JP: '{point} の値は次のいずれかにしてください：{states}',
  },
  controlValueOverRated: {
    zh_CN: '{point} 的数值须在 {min} 到 {max} 之间（电站额定功率 {rated} kW）',
    en_US: "The value of {point} must be between {min} and {max}: the station's rated power is {rated} kW",
    es_ES: 'El valor de {point} debe estar entre {min} y {max}: la potencia nominal de la estación es {rated} kW',
    ja_JP: '{point} の値は {min} から {max} の範囲で入力してください（発電所の定格出力 {rated} kW）',
  },
  // The same refusals where the value sits in a larger body: {where} names the step, segment or device.
  commandValueAtLimit: {
    zh_CN: '{where}：下发值须在 -65535 到 65535 之间',
    en_US: '{where}: the value must be between -65,535 and 65,535',
    es_ES: '{where}: el valor debe estar entre -65.535 y 65.535',
    ja_JP: '{where}：値は -65,535 から 65,535 の範囲で指定してください',
  },
  commandValueAtRange: {
    zh_CN: '{where}：{point} 的数值须在 {min} 到 {max} 之间',
    en_US: '{where}: the value of {point} must be between {min} and {max}',
    es_ES: '{where}: el valor de {point} debe estar entre {min} y {max}',
    ja_JP: '{where}：{point} の値は {min} から {max} の範囲で指定してください',
  },
  commandValueAtRated: {
    zh_CN: '{where}：{point} 的数值须在 {min} 到 {max} 之间（电站额定功率 {rated} kW）',
    en_US: "{where}: the value of {point} must be between {min} and {max}: the station's rated power is {rated} kW",
    es_ES:
      '{where}: el valor de {point} debe estar entre {min} y {max}: la potencia nominal de la estación es {rated} kW',
    ja_JP: '{where}：{point} の値は {min} から {max} の範囲で指定してください（発電所の定格出力 {rated} kW）',
  },
  commandValueAtState: {
    zh_CN: '{where}：{point} 的数值须为以下之一：{states}',
    en_US: '{where}: the value of {point} must be one of: {states}',
    es_ES: '{where}: el valor de {point} debe ser uno de: {states}',
    ja_JP: '{where}：{point} の値は次のいずれかにしてください：{states}',
  },
  commandValueAtNotCommand: {
    zh_CN: '{where}：{point} 不是该设备的遥控或遥调点',
    en_US: '{where}: {point} is not a control or setpoint point of the device',
    es_ES: '{where}: {point} no es un punto de control ni de consigna del equipo',
    ja_JP: '{where}：{point} は機器の遠隔制御・遠隔設定点ではありません',
  },
  templateBuiltInReadOnly: {
    zh_CN: '内置模板：请复制后再编辑',
    en_US: 'Built-in template: copy it to edit',
    es_ES: 'Plantilla integrada: cópiela para editarla',
    ja_JP: '組み込みテンプレート：コピーしてから編集してください',
  },
  templateSharedReadOnly: {
    zh_CN: '全部电站通用的模板：请复制后再编辑',
    en_US: 'Template for every station: copy it to edit',
    es_ES: 'Plantilla para todas las estaciones: cópiela para editarla',
    ja_JP: '全発電所共通のテンプレート：コピーしてから編集してください',
  },
  templateSharedAdminOnly: {
    zh_CN: '只有管理员可新增或修改全部电站通用的模板：请选择电站',
    en_US: 'Only administrators add or change templates for every station: choose a station',
    es_ES: 'Solo los administradores añaden o cambian plantillas para todas las estaciones: elija una estación',
    ja_JP: '全発電所共通のテンプレートを追加・変更できるのは管理者のみです。発電所を選択してください',
  },
  controlPointUnknown: {
    zh_CN: '{point} 不是该设备的遥控或遥调点',
    en_US: '{point} is not a control or setpoint point of this device',
    es_ES: '{point} no es un punto de control ni de consigna de este equipo',
    ja_JP: '{point} はこの機器の遠隔制御・遠隔設定点ではありません',
  },
  controlCabinetOnly: {
    zh_CN: '仅可控制一体柜',
    en_US: 'Only integrated cabinets may be controlled with this permission',
    es_ES: 'Con este permiso solo se pueden controlar armarios integrados',
    ja_JP: 'この権限では一体型キャビネットのみ制御できます',
  },
  commandSettled: {
    zh_CN: '指令已结束，无法撤销',
    en_US: 'The command has already ended and cannot be cancelled',
    es_ES: 'La orden ya terminó y no se puede cancelar',
    ja_JP: 'コマンドは終了しているため取り消せません',
  },
  commandCancelForbidden: {
    zh_CN: '撤销此指令需要下发此类指令的权限',
    en_US: 'Cancelling this command needs the permission that issuing it needs',
    es_ES: 'Cancelar esta orden requiere el permiso necesario para emitirla',
    ja_JP: 'このコマンドを取り消すには、その種類のコマンドを発行する権限が必要です',
  },
  commandCancelledBy: {
    zh_CN: '已被 {user} 撤销',
    en_US: 'Cancelled by {user}',
    es_ES: 'Cancelada por {user}',
    ja_JP: '{user} が取り消しました',
  },
  commandLateAck: {
    zh_CN: '已撤销；设备随后应答：{status} {detail}',
    en_US: 'Cancelled; the device answered afterwards: {status} {detail}',
    es_ES: 'Cancelada; el equipo respondió después: {status} {detail}',
    ja_JP: '取り消し済み。その後機器が応答しました：{status} {detail}',
  },
  commandAnswerLost: {
    zh_CN: '应答丢失；设备已上报版本 {version}，按成功处理',
    en_US: 'Answer lost; the device reports version {version}, counted as success',
    es_ES: 'Respuesta perdida; el equipo informa la versión {version}, se cuenta como éxito',
    ja_JP: '応答が失われました。機器がバージョン {version} を報告しているため成功扱い',
  },
} satisfies Record<string, Record<Lang, string>>;
