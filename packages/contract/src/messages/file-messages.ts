/** Refusals of the file store (domains/platform/files), joined into the catalogue of catalogue.ts. */
export const fileMessages = {
  fileMissing: {
    zh_CN: '未收到文件：请在表单字段之后发送文件部分',
    en_US: 'No file was received: send the part named "file" after the form fields',
    es_ES: 'No se recibió ningún archivo: envíe la parte llamada "file" después de los campos',
    ja_JP: 'ファイルを受信していません。フォーム項目の後にファイル部分を送信してください',
  },
  fileEmpty: {
    zh_CN: '文件为空',
    en_US: 'The file is empty',
    es_ES: 'El archivo está vacío',
    ja_JP: 'ファイルが空です',
  },
  fileTooLarge: {
    zh_CN: '文件超过 {max}，未予保存',
    en_US: 'The file is larger than {max} and was not stored',
    es_ES: 'El archivo supera {max} y no se guardó',
    ja_JP: 'ファイルが {max} を超えているため、保存しませんでした',
  },
  fileFormatRefused: {
    zh_CN: '文件内容不是允许的格式（允许：{formats}）',
    en_US: 'The file’s content is not an allowed format (allowed: {formats})',
    es_ES: 'El contenido del archivo no tiene un formato permitido (permitidos: {formats})',
    ja_JP: 'ファイルの内容が許可された形式ではありません（許可：{formats}）',
  },
  fileNotFound: {
    zh_CN: '文件不存在',
    en_US: 'The file does not exist',
    es_ES: 'El archivo no existe',
    ja_JP: 'ファイルが存在しません',
  },
  fileTooMany: {
    zh_CN: '最多只能关联 {max} 个文件',
    en_US: 'At most {max} files may be attached',
    es_ES: 'Se pueden adjuntar {max} archivos como máximo',
    ja_JP: '添付できるファイルは最大 {max} 個です',
  },
  fileNotUsable: {
    zh_CN: '文件不可用：不存在、用途不符或不属于该电站',
    en_US: 'A file cannot be used here: it does not exist, is for another purpose or belongs to another station',
    es_ES: 'Un archivo no se puede usar aquí: no existe, es para otro uso o pertenece a otra estación',
    ja_JP: 'ファイルを使用できません。存在しないか、用途が異なるか、別の発電所のものです',
  },
  fileStoreUnavailable: {
    zh_CN: '文件存储暂时不可用，请稍后重试',
    en_US: 'The file store is not available at the moment; try again later',
    es_ES: 'El almacén de archivos no está disponible ahora; inténtelo más tarde',
    ja_JP: 'ファイルストレージが一時的に利用できません。しばらくしてから再試行してください',
  },
  rangeNotSatisfiable: {
    zh_CN: '请求的范围超出文件大小',
    en_US: 'The requested range lies outside the file',
    es_ES: 'El rango solicitado está fuera del archivo',
    ja_JP: '要求された範囲がファイルの範囲外です',
  },
} as const;
