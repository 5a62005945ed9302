/**
 * Texts of the orders' export file and of its cells (types, statuses): words a screen's labels
 * may say too (FILE_TEXT_KEYS), unlike the refusals below.
 */
export const workorderFileMessages = {
  workorderExportTitle: {
    zh_CN: '工单',
    en_US: 'Work orders',
    es_ES: 'Órdenes de trabajo',
    ja_JP: '作業指示',
  },
  workorderColNumber: {
    zh_CN: '工单编号',
    en_US: 'Number',
    es_ES: 'Número',
    ja_JP: '作業指示番号',
  },
  workorderColTitle: {
    zh_CN: '标题',
    en_US: 'Title',
    es_ES: 'Título',
    ja_JP: '件名',
  },
  workorderColType: {
    zh_CN: '工单类型',
    en_US: 'Type',
    es_ES: 'Tipo',
    ja_JP: '種別',
  },
  workorderColStatus: {
    zh_CN: '状态',
    en_US: 'Status',
    es_ES: 'Estado',
    ja_JP: '状態',
  },
  workorderColStation: {
    zh_CN: '电站',
    en_US: 'Station',
    es_ES: 'Estación',
    ja_JP: '発電所',
  },
  workorderColDevice: {
    zh_CN: '设备',
    en_US: 'Device',
    es_ES: 'Equipo',
    ja_JP: '機器',
  },
  workorderColPriority: {
    zh_CN: '优先级',
    en_US: 'Priority',
    es_ES: 'Prioridad',
    ja_JP: '優先度',
  },
  workorderColInitiator: {
    zh_CN: '发起人',
    en_US: 'Initiator',
    es_ES: 'Iniciador',
    ja_JP: '起票者',
  },
  workorderColAssignees: {
    zh_CN: '当前处理人',
    en_US: 'Assignees',
    es_ES: 'Responsables',
    ja_JP: '担当者',
  },
  workorderColCreated: {
    zh_CN: '创建时间',
    en_US: 'Created',
    es_ES: 'Creada',
    ja_JP: '作成日時',
  },
  workorderType1: {
    zh_CN: '故障维修',
    en_US: 'Fault repair',
    es_ES: 'Reparación de fallos',
    ja_JP: '故障修理',
  },
  workorderType2: {
    zh_CN: '电站巡检',
    en_US: 'Station inspection',
    es_ES: 'Inspección de la estación',
    ja_JP: '発電所点検',
  },
  workorderType3: {
    zh_CN: '电站清洗',
    en_US: 'Station cleaning',
    es_ES: 'Limpieza de la estación',
    ja_JP: '発電所清掃',
  },
  workorderStatus0: {
    zh_CN: '待分配',
    en_US: 'To be allocated',
    es_ES: 'Por asignar',
    ja_JP: '割当待ち',
  },
  workorderStatus1: {
    zh_CN: '已分配',
    en_US: 'Allocated',
    es_ES: 'Asignada',
    ja_JP: '割当済み',
  },
  workorderStatus2: {
    zh_CN: '处理中',
    en_US: 'In progress',
    es_ES: 'En curso',
    ja_JP: '処理中',
  },
  workorderStatus3: {
    zh_CN: '已完成',
    en_US: 'Finished',
    es_ES: 'Terminada',
    ja_JP: '完了',
  },
  workorderStatus4: {
    zh_CN: '已作废',
    en_US: 'Voided',
    es_ES: 'Anulada',
    ja_JP: '無効',
  },
};

/** Work order texts (joined into the catalogue of catalogue.ts); the order forms say the same words. */
export const workorderMessages = {
  workorderExecutorEmpty: {
    zh_CN: '执行人不能为空',
    en_US: 'Executor cannot be empty',
    es_ES: 'El ejecutor no puede estar vacío',
    ja_JP: '実行者を指定してください',
  },
  workorderForwarderEmpty: {
    zh_CN: '请选择转发人',
    en_US: 'Please select a forwarder',
    es_ES: 'Seleccione a quién reenviar',
    ja_JP: '転送先を選択してください',
  },
  workorderOpinionEmpty: {
    zh_CN: '请填写处理意见',
    en_US: 'Please enter an opinion',
    es_ES: 'Escriba una opinión',
    ja_JP: '処理意見を入力してください',
  },
  workorderBackNode: {
    zh_CN: '请选择可退回的节点',
    en_US: 'Choose an earlier node to return to',
    es_ES: 'Elija un paso anterior al que volver',
    ja_JP: '差し戻し先の前のノードを選択してください',
  },
  workorderNotFound: {
    zh_CN: '工单不存在',
    en_US: 'The work order does not exist',
    es_ES: 'La orden de trabajo no existe',
    ja_JP: '作業指示が存在しません',
  },
  workorderNotYours: {
    zh_CN: '当前工单不由您处理',
    en_US: 'This work order is not assigned to you now',
    es_ES: 'Esta orden de trabajo no le está asignada ahora',
    ja_JP: 'この作業指示は現在あなたの担当ではありません',
  },
  workorderStateConflict: {
    zh_CN: '工单当前状态不允许此操作',
    en_US: 'The work order’s current state does not allow this',
    es_ES: 'El estado actual de la orden no lo permite',
    ja_JP: '作業指示の現在の状態ではこの操作はできません',
  },
  workorderChanged: {
    zh_CN: '工单已被他人处理，请刷新后重试',
    en_US: 'Someone else acted on the work order meanwhile; refresh and try again',
    es_ES: 'Otra persona tramitó la orden mientras tanto; actualice e inténtelo de nuevo',
    ja_JP: '作業指示は他の人が処理しました。更新してやり直してください',
  },
  workorderUserOutOfScope: {
    zh_CN: '所选人员不能处理该电站的工单',
    en_US: 'The chosen user cannot handle orders of this station',
    es_ES: 'El usuario elegido no puede tramitar órdenes de esta estación',
    ja_JP: '選択した人はこの発電所の作業指示を処理できません',
  },
  workorderAlarmHasOrder: {
    zh_CN: '该告警已有进行中的工单{number}',
    en_US: 'This alarm already has work order {number} in progress',
    es_ES: 'Esta alarma ya tiene la orden de trabajo {number} en curso',
    ja_JP: 'このアラームには進行中の作業指示{number}があります',
  },
  workorderDeleteRunning: {
    zh_CN: '进行中的工单不能删除',
    en_US: 'An order in progress cannot be deleted',
    es_ES: 'No se puede eliminar una orden en curso',
    ja_JP: '進行中の作業指示は削除できません',
  },
  workorderNoTemplate: {
    zh_CN: '该工单类型没有可用的流程模板',
    en_US: 'No enabled process template for this order type',
    es_ES: 'No hay plantilla de proceso activa para este tipo de orden',
    ja_JP: 'この作業指示種別に有効なプロセステンプレートがありません',
  },
  workorderTemplateNotFound: {
    zh_CN: '流程模板不存在',
    en_US: 'The process template does not exist',
    es_ES: 'La plantilla de proceso no existe',
    ja_JP: 'プロセステンプレートが存在しません',
  },
  workorderTemplateInUse: {
    zh_CN: '流程模板正被告警规则或巡检计划使用',
    en_US: 'An alarm rule or a schedule uses this process template',
    es_ES: 'Una regla de alarma o un plan usa esta plantilla de proceso',
    ja_JP: 'このプロセステンプレートはアラームルールか点検計画で使用中です',
  },
  workorderDefinitionNotFound: {
    zh_CN: '流程定义不存在',
    en_US: 'The process definition does not exist',
    es_ES: 'La definición de proceso no existe',
    ja_JP: 'プロセス定義が存在しません',
  },
  workorderDefinitionSuspended: {
    zh_CN: '流程定义已挂起，不能发起新工单',
    en_US: 'The process definition is suspended; no new orders can start on it',
    es_ES: 'La definición de proceso está suspendida; no admite órdenes nuevas',
    ja_JP: 'プロセス定義は一時停止中のため新しい作業指示を開始できません',
  },
  workorderDefinitionRunning: {
    zh_CN: '该流程定义还有{count}个运行中的工单，不能删除',
    en_US: '{count} orders still run on this process definition; it cannot be deleted',
    es_ES: 'Aún hay {count} órdenes en curso con esta definición; no se puede eliminar',
    ja_JP: 'このプロセス定義で実行中の作業指示が{count}件あるため削除できません',
  },
  workorderDefinitionInvalid: {
    zh_CN: '流程定义无效：{detail}',
    en_US: 'Invalid process definition: {detail}',
    es_ES: 'Definición de proceso no válida: {detail}',
    ja_JP: 'プロセス定義が無効です：{detail}',
  },
  workorderCronInvalid: {
    zh_CN: '定时表达式无效',
    en_US: 'Invalid cron expression',
    es_ES: 'Expresión cron no válida',
    ja_JP: 'スケジュール式が無効です',
  },
  workorderSlaReminder: {
    zh_CN: '工单{number}（{title}）将于{due}超时',
    en_US: 'Work order {number} ({title}) is due at {due}',
    es_ES: 'La orden {number} ({title}) vence el {due}',
    ja_JP: '作業指示{number}（{title}）の期限は{due}です',
  },
  workorderSlaOverdue: {
    zh_CN: '工单{number}（{title}）已超时',
    en_US: 'Work order {number} ({title}) is overdue',
    es_ES: 'La orden {number} ({title}) está vencida',
    ja_JP: '作業指示{number}（{title}）は期限切れです',
  },
  workorderTodoTitle: {
    zh_CN: '工单 {number} 待您处理：{title}',
    en_US: 'Work order {number} awaits you: {title}',
    es_ES: 'La orden {number} le espera: {title}',
    ja_JP: '作業指示 {number} があなたの対応待ちです：{title}',
  },
  workorderTodoContent: {
    zh_CN: '{station} 的工单 {number}（{title}）已到“{step}”环节，请您处理。',
    en_US: 'Work order {number} ({title}) at {station} is at "{step}" and waits for you.',
    es_ES: 'La orden {number} ({title}) de {station} está en «{step}» y espera su actuación.',
    ja_JP: '{station} の作業指示 {number}（{title}）が「{step}」に進み、あなたの対応を待っています。',
  },
  ...workorderFileMessages,
};
