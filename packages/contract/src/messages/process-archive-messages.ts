/** Refusals of a process definition upload (domains/workorder/process-archive). */
export const processArchiveMessages = {
  processFileType: {
    zh_CN: '只能导入以下类型的文件：{types}',
    en_US: 'Only these files can be imported: {types}',
    es_ES: 'Solo se pueden importar estos archivos: {types}',
    ja_JP: 'インポートできるファイルは次の種類のみです：{types}',
  },
  processTooLarge: {
    zh_CN: '流程文件超过 {max}',
    en_US: 'The process file is larger than {max}',
    es_ES: 'El archivo de proceso supera {max}',
    ja_JP: 'プロセスファイルが {max} を超えています',
  },
  processXmlMalformed: {
    zh_CN: '流程文件不是格式正确的 XML：{detail}',
    en_US: 'The process file is not well-formed XML: {detail}',
    es_ES: 'El archivo de proceso no es XML bien formado: {detail}',
    ja_JP: 'プロセスファイルが整形式の XML ではありません：{detail}',
  },
  processDoctype: {
    zh_CN: '流程文件声明了 DTD 或实体，不予接受',
    en_US: 'The process file declares a DTD or entities, which are not accepted',
    es_ES: 'El archivo de proceso declara una DTD o entidades, que no se aceptan',
    ja_JP: 'プロセスファイルが DTD またはエンティティを宣言しているため、受け付けません',
  },
  processNotBpmn: {
    zh_CN: '文件中没有 BPMN 流程定义',
    en_US: 'The file holds no BPMN definitions',
    es_ES: 'El archivo no contiene definiciones BPMN',
    ja_JP: 'ファイルに BPMN 定義がありません',
  },
  processExecutableCount: {
    zh_CN: '文件必须恰好包含一个可执行流程，实际为 {count} 个',
    en_US: 'The file must hold exactly one executable process; it holds {count}',
    es_ES: 'El archivo debe contener exactamente un proceso ejecutable; contiene {count}',
    ja_JP: 'ファイルには実行可能なプロセスがちょうど 1 つ必要ですが、{count} 個あります',
  },
  processUnassignedTask: {
    zh_CN: '用户任务 {task} 没有处理人、候选用户或候选组',
    en_US: 'User task {task} has no assignee, candidate users or candidate groups',
    es_ES: 'La tarea de usuario {task} no tiene responsable, usuarios candidatos ni grupos candidatos',
    ja_JP: 'ユーザータスク {task} に担当者、候補ユーザー、候補グループがありません',
  },
  processCodeElement: {
    zh_CN: '元素 {element} 会在服务器上执行代码（脚本、服务或规则任务、脚本条件、监听器、类或表达式），不予接受',
    en_US:
      'Element {element} would run code on the server (a script, service or rule task, script condition, listener, class or expression); it is not accepted',
    es_ES:
      'El elemento {element} ejecutaría código en el servidor (tarea de script, servicio o reglas, condición de script, escucha, clase o expresión); no se acepta',
    ja_JP:
      '要素 {element} はサーバー上でコードを実行するため（スクリプト、サービス、ルールのタスク、スクリプト条件、リスナー、クラス、式）、受け付けません',
  },
  processArchiveBpmnCount: {
    zh_CN: '压缩包必须恰好包含一个 BPMN 文件（{types}），实际为 {count} 个',
    en_US: 'The archive must hold exactly one BPMN file ({types}); it holds {count}',
    es_ES: 'El archivo comprimido debe contener exactamente un archivo BPMN ({types}); contiene {count}',
    ja_JP: 'アーカイブには BPMN ファイル（{types}）がちょうど 1 つ必要ですが、{count} 個あります',
  },
} as const;
