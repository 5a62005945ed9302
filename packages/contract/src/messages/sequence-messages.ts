/** Sequential control messages (joined into the catalogue of catalogue.ts). {step} is 1-based. */
export const sequenceMessages = {
  sequenceNoSteps: {
    zh_CN: '模板至少需要一个步骤',
    en_US: 'A template needs at least one step',
    es_ES: 'Una plantilla necesita al menos un paso',
    ja_JP: 'テンプレートには少なくとも1つのステップが必要です',
  },
  /** {where} of a value refusal (commandValueAt*) of a step. */
  sequenceStepAt: {
    zh_CN: '第{step}步',
    en_US: 'Step {step}',
    es_ES: 'Paso {step}',
    ja_JP: 'ステップ{step}',
  },
  sequenceTimeoutRange: {
    zh_CN: '第{step}步：超时时间须为1到600秒',
    en_US: 'Step {step}: the timeout must be 1 to 600 s',
    es_ES: 'Paso {step}: el tiempo límite debe ser de 1 a 600 s',
    ja_JP: 'ステップ{step}：タイムアウトは1～600秒で指定してください',
  },
  sequencePointNotCommand: {
    zh_CN: '第{step}步：该点位不是此设备类型的遥控或遥调点',
    en_US: 'Step {step}: the point is not a control or setpoint of this device type',
    es_ES: 'Paso {step}: el punto no es un control ni una consigna de este tipo de equipo',
    ja_JP: 'ステップ{step}：このポイントはこの機器種別の遠隔制御・設定ポイントではありません',
  },
  sequenceCheckPointUnknown: {
    zh_CN: '第{step}步：校验点位不属于此设备类型',
    en_US: 'Step {step}: the check point does not belong to this device type',
    es_ES: 'Paso {step}: el punto de comprobación no pertenece a este tipo de equipo',
    ja_JP: 'ステップ{step}：確認ポイントはこの機器種別のものではありません',
  },
  sequenceSnNeedsStation: {
    zh_CN: '第{step}步：指定设备序列号的模板须属于某个电站',
    en_US: 'Step {step}: a device serial number needs a template of one station',
    es_ES: 'Paso {step}: un número de serie de equipo requiere una plantilla de una estación',
    ja_JP: 'ステップ{step}：機器シリアル番号を指定するには発電所のテンプレートが必要です',
  },
  sequenceTemplateNotFound: {
    zh_CN: '顺控模板不存在',
    en_US: 'Sequence template not found',
    es_ES: 'Plantilla de secuencia no encontrada',
    ja_JP: '順序制御テンプレートが見つかりません',
  },
  sequenceRunNotFound: {
    zh_CN: '顺控记录不存在',
    en_US: 'Sequence run not found',
    es_ES: 'Ejecución de secuencia no encontrada',
    ja_JP: '順序制御の実行記録が見つかりません',
  },
  sequenceRunEnded: {
    zh_CN: '该顺控已结束',
    en_US: 'The sequence run has already ended',
    es_ES: 'La ejecución de la secuencia ya ha terminado',
    ja_JP: 'この順序制御はすでに終了しています',
  },
  sequenceNoDevice: {
    zh_CN: '电站没有对应的设备（{type} {which}）',
    en_US: 'The station has no such device ({type} {which})',
    es_ES: 'La estación no tiene ese equipo ({type} {which})',
    ja_JP: '発電所に該当する機器がありません（{type} {which}）',
  },
  sequenceCommandNotSettled: {
    zh_CN: '{sn}：{seconds}秒内未应答',
    en_US: '{sn}: no answer within {seconds} s',
    es_ES: '{sn}: sin respuesta en {seconds} s',
    ja_JP: '{sn}：{seconds}秒以内に応答がありません',
  },
  sequenceCommandFailed: {
    zh_CN: '{sn}：{detail}',
    en_US: '{sn}: {detail}',
    es_ES: '{sn}: {detail}',
    ja_JP: '{sn}：{detail}',
  },
  sequenceCheckNotMet: {
    zh_CN: '{sn}：{seconds}秒内校验未满足（{point} {op} {value}，最新值 {actual}）',
    en_US: '{sn}: check not met within {seconds} s ({point} {op} {value}, last value {actual})',
    es_ES: '{sn}: comprobación no cumplida en {seconds} s ({point} {op} {value}, último valor {actual})',
    ja_JP: '{sn}：{seconds}秒以内に確認条件を満たしませんでした（{point} {op} {value}、最新値 {actual}）',
  },
  sequenceInterrupted: {
    zh_CN: '服务重启，顺控中断',
    en_US: 'Interrupted: the server stopped during the run',
    es_ES: 'Interrumpida: el servidor se detuvo durante la ejecución',
    ja_JP: 'サーバー停止により順序制御が中断されました',
  },
  sequenceCancelledBy: {
    zh_CN: '已由{user}取消',
    en_US: 'Cancelled by {user}',
    es_ES: 'Cancelada por {user}',
    ja_JP: '{user}により取り消されました',
  },
  sequenceStepFailed: {
    zh_CN: '第{step}步“{name}”失败：{reason}',
    en_US: 'Step {step} "{name}" failed: {reason}',
    es_ES: 'El paso {step} «{name}» falló: {reason}',
    ja_JP: 'ステップ{step}「{name}」が失敗しました：{reason}',
  },
} as const;
