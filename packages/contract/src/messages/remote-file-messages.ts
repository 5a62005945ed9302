/** Remote file messages (joined into the catalogue of catalogue.ts). */
export const remoteFileMessages = {
  transferInFlight: {
    zh_CN: '该文件正在传输中，不能删除',
    en_US: 'The file is being transferred: it cannot be deleted',
    es_ES: 'El archivo se está transfiriendo: no se puede eliminar',
    ja_JP: 'このファイルは転送中のため削除できません',
  },
  transferOtherStation: {
    zh_CN: '文件与设备不属于同一电站',
    en_US: 'The file and the device belong to different stations',
    es_ES: 'El archivo y el equipo pertenecen a estaciones distintas',
    ja_JP: 'ファイルと機器は別の発電所に属しています',
  },
  transferUrlRefused: {
    zh_CN: '传输链接无效、已使用或已过期',
    en_US: 'The transfer link is not valid, was used or has expired',
    es_ES: 'El enlace de transferencia no es válido, ya se usó o ha caducado',
    ja_JP: '転送リンクが無効か、使用済みか、期限切れです',
  },
  transferChecksumDiffers: {
    zh_CN: '设备计算的 SHA-256（{sha}…）与文件不一致',
    en_US: 'The device computed another SHA-256 ({sha}…) than the file’s',
    es_ES: 'El equipo calculó otro SHA-256 ({sha}…) que el del archivo',
    ja_JP: '機器が計算した SHA-256（{sha}…）がファイルと一致しません',
  },
  transferNoFile: {
    zh_CN: '设备报告成功，但没有上传文件',
    en_US: 'The device reported success but uploaded no file',
    es_ES: 'El equipo informó éxito pero no subió ningún archivo',
    ja_JP: '機器は成功と報告しましたが、ファイルはアップロードされていません',
  },
} as const;
