/** Firmware upgrade messages (joined into the catalogue of catalogue.ts); reasons are stored as `@key {params}`. */
export const upgradeMessages = {
  upgradePackageExists: {
    zh_CN: '型号 {model} 已有版本 {version} 的升级包',
    en_US: 'Model {model} already has a package of version {version}',
    es_ES: 'El modelo {model} ya tiene un paquete de la versión {version}',
    ja_JP: '型式 {model} にはバージョン {version} のパッケージが既にあります',
  },
  upgradeModelUnknown: {
    zh_CN: '设备型号 {model} 不存在',
    en_US: 'There is no device model {model}',
    es_ES: 'No existe el modelo de equipo {model}',
    ja_JP: '機器型式 {model} は存在しません',
  },
  upgradePackageNotFound: {
    zh_CN: '升级包不存在',
    en_US: 'The firmware package does not exist',
    es_ES: 'El paquete de firmware no existe',
    ja_JP: 'ファームウェアパッケージが存在しません',
  },
  upgradePackageInUse: {
    zh_CN: '升级包已被 {tasks} 个升级任务使用，不能删除',
    en_US: 'The package is used by {tasks} upgrade tasks: it cannot be deleted',
    es_ES: 'El paquete lo usan {tasks} tareas de actualización: no se puede eliminar',
    ja_JP: 'このパッケージは {tasks} 件の更新タスクで使われているため削除できません',
  },
  upgradeTaskNotFound: {
    zh_CN: '升级任务不存在',
    en_US: 'The upgrade task does not exist',
    es_ES: 'La tarea de actualización no existe',
    ja_JP: '更新タスクが存在しません',
  },
  upgradeDevicesRefused: {
    zh_CN: '{count} 台设备不存在、不在您的电站范围内或不是型号 {model}',
    en_US: '{count} devices do not exist, are outside your stations or are not of model {model}',
    es_ES: '{count} equipos no existen, están fuera de sus estaciones o no son del modelo {model}',
    ja_JP: '{count} 台の機器が存在しないか、担当発電所外か、型式 {model} ではありません',
  },
  upgradeDevicesBusy: {
    zh_CN: '{count} 台设备已在进行中的升级任务里（如 {sn}）',
    en_US: '{count} devices are already in an open upgrade task (such as {sn})',
    es_ES: '{count} equipos ya están en una tarea de actualización abierta (como {sn})',
    ja_JP: '{count} 台の機器は進行中の更新タスクに含まれています（例：{sn}）',
  },
  upgradeTooFewDevices: {
    zh_CN: '{waves} 个批次至少需要 {waves} 台设备，只选了 {count} 台',
    en_US: '{waves} waves need at least {waves} devices; {count} chosen',
    es_ES: '{waves} oleadas necesitan al menos {waves} equipos; elegidos {count}',
    ja_JP: '{waves} 段階には少なくとも {waves} 台が必要です（選択 {count} 台）',
  },
  upgradeStartPast: {
    zh_CN: '计划时间已过去',
    en_US: 'The scheduled time has passed',
    es_ES: 'La hora programada ya pasó',
    ja_JP: '予定時刻は過ぎています',
  },
  upgradeTaskStateWrong: {
    zh_CN: '任务当前为“{state}”，不能{action}',
    en_US: 'The task is {state}: it cannot be {action}',
    es_ES: 'La tarea está {state}: no se puede {action}',
    ja_JP: 'タスクは「{state}」のため{action}できません',
  },
  upgradeFetchRefused: {
    zh_CN: '下载链接无效或已过期',
    en_US: 'The download link is not valid or has expired',
    es_ES: 'El enlace de descarga no es válido o ha caducado',
    ja_JP: 'ダウンロードリンクが無効か期限切れです',
  },
  upgradeReasonFailureRate: {
    zh_CN: '第 {wave} 批 {total} 台中 {failed} 台失败（{pct}%），超过允许的 {max}%，任务已自动停止',
    en_US:
      'Wave {wave}: {failed} of {total} devices failed ({pct} %), over the {max} % allowed — the task halted itself',
    es_ES:
      'Oleada {wave}: fallaron {failed} de {total} equipos ({pct} %), más del {max} % permitido: la tarea se detuvo sola',
    ja_JP: '第 {wave} 段階：{total} 台中 {failed} 台が失敗（{pct}%）、許容 {max}% を超えたためタスクは自動停止しました',
  },
  upgradeReasonWindowClosed: {
    zh_CN: '升级窗口已于 {end} 关闭',
    en_US: 'The upgrade window closed at {end}',
    es_ES: 'La ventana de actualización se cerró a las {end}',
    ja_JP: '更新ウィンドウは {end} に閉じました',
  },
  upgradeReasonOffline: {
    zh_CN: '设备在升级窗口内一直离线',
    en_US: 'The device stayed offline until the window closed',
    es_ES: 'El equipo siguió desconectado hasta que se cerró la ventana',
    ja_JP: '更新ウィンドウが閉じるまで機器はオフラインでした',
  },
  upgradeReasonVersionUnchanged: {
    zh_CN: '设备报告成功，但运行的是 {version}，不是 {expected}',
    en_US: 'The device reported success but runs {version}, not {expected}',
    es_ES: 'El equipo informó éxito pero ejecuta {version}, no {expected}',
    ja_JP: '機器は成功と報告しましたが、実行中は {expected} ではなく {version} です',
  },
  upgradeReasonTimedOut: {
    zh_CN: '设备 {seconds} 秒内未完成升级',
    en_US: 'The device did not finish the upgrade within {seconds} s',
    es_ES: 'El equipo no terminó la actualización en {seconds} s',
    ja_JP: '機器は {seconds} 秒以内に更新を完了しませんでした',
  },
  upgradeReasonCancelled: {
    zh_CN: '{user} 取消了任务',
    en_US: 'Cancelled by {user}',
    es_ES: 'Cancelada por {user}',
    ja_JP: '{user} がタスクを取り消しました',
  },
  upgradeReasonSendFailed: {
    zh_CN: '升级指令未能下发',
    en_US: 'The upgrade command could not be sent',
    es_ES: 'No se pudo enviar la orden de actualización',
    ja_JP: '更新コマンドを送信できませんでした',
  },
} as const;
