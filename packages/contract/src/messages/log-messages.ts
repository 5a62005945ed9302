/** The operation log export's texts (joined into the catalogue of catalogue.ts). */
export const logMessages = {
  logExportName: { zh_CN: '操作日志', en_US: 'Operation log', es_ES: 'Registro de operaciones', ja_JP: '操作ログ' },
  logExportTime: { zh_CN: '时间', en_US: 'Time', es_ES: 'Hora', ja_JP: '日時' },
  logExportTitle: { zh_CN: '名称', en_US: 'Name', es_ES: 'Nombre', ja_JP: '名前' },
  logExportUser: { zh_CN: '用户', en_US: 'User', es_ES: 'Usuario', ja_JP: 'ユーザー' },
  logExportIp: { zh_CN: 'IP', en_US: 'IP', es_ES: 'IP', ja_JP: 'IP' },
  logExportMethod: { zh_CN: '请求方式', en_US: 'Method', es_ES: 'Método', ja_JP: 'メソッド' },
  logExportHandler: { zh_CN: '方法名', en_US: 'Method name', es_ES: 'Nombre del método', ja_JP: 'メソッド名' },
  logExportParams: { zh_CN: '参数', en_US: 'Parameters', es_ES: 'Parámetros', ja_JP: 'パラメータ' },
  logExportDuration: {
    zh_CN: '耗时（毫秒）',
    en_US: 'Duration (ms)',
    es_ES: 'Duración (ms)',
    ja_JP: '所要時間（ミリ秒）',
  },
  logExportResult: { zh_CN: '结果', en_US: 'Result', es_ES: 'Resultado', ja_JP: '結果' },
  logExportStatus: { zh_CN: 'HTTP 状态', en_US: 'HTTP status', es_ES: 'Estado HTTP', ja_JP: 'HTTP ステータス' },
  logExportSuccess: { zh_CN: '成功', en_US: 'Success', es_ES: 'Correcto', ja_JP: '成功' },
  logExportFailure: { zh_CN: '失败', en_US: 'Failure', es_ES: 'Fallo', ja_JP: '失敗' },
} as const;
