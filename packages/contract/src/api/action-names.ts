/**
 * What the operation log calls each recorded action, in the four interface languages: one
 * name per logged call of the endpoint table (by its entry name, the log's `methodName`) and
 * per event a service writes itself (sign-in steps, password change, device credentials).
 * The OpenAPI summary is for developers; this is what an administrator reads.
 */
import { type Lang, type Names, names as n } from '../i18n';
import type { endpoints } from './index';

export type EndpointName = keyof typeof endpoints;

/**
 * Names of the calls the operation log records (`isLoggedCall` on the server), by entry name
 * (a name not in the endpoint table does not compile); a server test fails on a recorded call
 * missing here.
 */
export const ACTION_NAMES: { readonly [K in EndpointName]?: Names } = {
  addUserTheme: n('保存主题', 'Save theme', 'Guardar tema', 'テーマを保存'),
  virtualAdd: n('新增虚拟设备', 'Add virtual device', 'Añadir equipo virtual', '仮想機器を追加'),
  virtualUpdate: n('修改虚拟设备', 'Edit virtual device', 'Editar equipo virtual', '仮想機器を編集'),
  virtualDelete: n('删除虚拟设备', 'Delete virtual device', 'Eliminar equipo virtual', '仮想機器を削除'),
  meterConfigAdd: n('设置电表角色', 'Assign meter role', 'Asignar función de contador', 'メーター役割を設定'),
  meterConnectionUpdate: n('设置电表接线', 'Set meter connection', 'Fijar conexión del contador', 'メーター接続を設定'),
  meterConfigUpdate: n('修改电表角色', 'Change meter role', 'Cambiar función de contador', 'メーター役割を変更'),
  addCurveList: n('保存页面曲线', 'Save page curves', 'Guardar curvas de la página', 'ページの曲線を保存'),
  addPointList: n('保存页面测点', 'Save page points', 'Guardar puntos de la página', 'ページの計測点を保存'),
  curveSetAdd: n('保存曲线组', 'Save curve set', 'Guardar conjunto de curvas', '曲線セットを保存'),
  curveSetDelete: n('删除曲线组', 'Delete curve set', 'Eliminar conjunto de curvas', '曲線セットを削除'),
  homeConfigSave: n('保存首页布局', 'Save home layout', 'Guardar diseño de inicio', 'ホーム配置を保存'),
  homeDefaultSave: n(
    '保存电站默认首页',
    'Save station default home',
    'Guardar inicio predeterminado',
    '発電所の既定ホームを保存',
  ),
  homeDefaultResetUsers: n(
    '重置用户首页布局',
    'Reset users’ home layouts',
    'Restablecer inicios de usuarios',
    'ユーザーのホーム配置をリセット',
  ),
  messageAdd: n('新增消息', 'Add message', 'Añadir mensaje', 'メッセージを追加'),
  messageModify: n('修改消息', 'Edit message', 'Editar mensaje', 'メッセージを編集'),
  messageDelete: n('删除消息', 'Delete message', 'Eliminar mensaje', 'メッセージを削除'),
  alarmConfirm: n('确认告警', 'Confirm alarms', 'Confirmar alarmas', 'アラームを確認'),
  alarmDefinitionAdd: n('新增告警定义', 'Add alarm definition', 'Añadir definición de alarma', 'アラーム定義を追加'),
  alarmDefinitionUpdate: n(
    '修改告警定义',
    'Edit alarm definition',
    'Editar definición de alarma',
    'アラーム定義を編集',
  ),
  alarmDefinitionDelete: n(
    '删除告警定义',
    'Delete alarm definitions',
    'Eliminar definiciones de alarma',
    'アラーム定義を削除',
  ),
  alarmGroupConfigSave: n(
    '保存集团告警配置',
    'Save group alarm settings',
    'Guardar alarmas del grupo',
    'グループのアラーム設定を保存',
  ),
  alarmStationOverrideSave: n(
    '保存电站告警配置',
    'Save station alarm settings',
    'Guardar alarmas de la estación',
    '発電所のアラーム設定を保存',
  ),
  alarmStationOverrideDelete: n(
    '删除电站告警配置',
    'Remove station alarm settings',
    'Quitar alarmas de la estación',
    '発電所のアラーム設定を削除',
  ),
  notifyChainSave: n('保存升级链', 'Save escalation chain', 'Guardar cadena de escalado', 'エスカレーションを保存'),
  notifyChainDelete: n(
    '删除升级链',
    'Delete escalation chain',
    'Eliminar cadena de escalado',
    'エスカレーションを削除',
  ),
  notifyQuietSave: n('设置免打扰时段', 'Set quiet hours', 'Fijar horas de silencio', 'おやすみ時間を設定'),
  notifyQuietDelete: n('删除免打扰时段', 'Remove quiet hours', 'Quitar horas de silencio', 'おやすみ時間を削除'),
  notifyRateSave: n('设置通知限流', 'Set notification limit', 'Fijar límite de avisos', '通知の上限を設定'),
  notifyRateDelete: n('删除通知限流', 'Remove notification limit', 'Quitar límite de avisos', '通知の上限を削除'),
  notifyTestSend: n('发送测试通知', 'Send test notification', 'Enviar aviso de prueba', 'テスト通知を送信'),
  rateAdd: n('新增电价模板', 'Add rate template', 'Añadir plantilla de tarifa', '料金テンプレートを追加'),
  rateUpdate: n('修改电价模板', 'Edit rate template', 'Editar plantilla de tarifa', '料金テンプレートを編集'),
  rateEnable: n(
    '启用/停用电价模板',
    'Enable or disable rate template',
    'Activar o desactivar tarifa',
    '料金テンプレートの有効/無効',
  ),
  rateDelete: n('删除电价模板', 'Delete rate template', 'Eliminar plantilla de tarifa', '料金テンプレートを削除'),
  rateReprice: n('按新电价重算历史收益', 'Re-price past days', 'Recalcular días pasados', '過去日の料金を再計算'),
  rateStationSave: n(
    '设置电站电价模板',
    'Set station rate templates',
    'Fijar tarifas de la estación',
    '発電所の料金を設定',
  ),
  modelTypeAdd: n('新增型号类型', 'Add model type', 'Añadir tipo de modelo', '型式種別を追加'),
  modelTypeUpdate: n('修改型号类型', 'Edit model type', 'Editar tipo de modelo', '型式種別を編集'),
  modelTypeDelete: n('删除型号类型', 'Delete model type', 'Eliminar tipo de modelo', '型式種別を削除'),
  equipModelAdd: n('新增设备型号', 'Add device model', 'Añadir modelo de equipo', '機器型式を追加'),
  equipModelUpdate: n('修改设备型号', 'Edit device model', 'Editar modelo de equipo', '機器型式を編集'),
  equipModelDelete: n('删除设备型号', 'Delete device model', 'Eliminar modelo de equipo', '機器型式を削除'),
  equipModelPrunePoints: n(
    '清理型号已删测点',
    'Prune dropped model points',
    'Depurar puntos retirados',
    '削除済み計測点を整理',
  ),
  equipModelImportPoints: n('导入型号测点', 'Import model points', 'Importar puntos del modelo', '型式の計測点を取込'),
  emsModelAdd: n('新增EMS型号', 'Add EMS model', 'Añadir modelo EMS', 'EMS型式を追加'),
  emsModelUpdate: n('修改EMS型号', 'Edit EMS model', 'Editar modelo EMS', 'EMS型式を編集'),
  emsModelDelete: n('删除EMS型号', 'Delete EMS model', 'Eliminar modelo EMS', 'EMS型式を削除'),
  relevancySave: n(
    '设置EMS支持型号',
    'Set EMS supported models',
    'Fijar modelos admitidos por EMS',
    'EMS対応型式を設定',
  ),
  equipmentAdd: n('新增设备', 'Add device', 'Añadir equipo', '機器を追加'),
  equipmentUpdate: n('修改设备', 'Edit device', 'Editar equipo', '機器を編集'),
  equipmentDelete: n('删除设备', 'Delete device', 'Eliminar equipo', '機器を削除'),
  orgAdd: n('新增组织', 'Add organisation', 'Añadir organización', '組織を追加'),
  orgUpdate: n('修改组织', 'Edit organisation', 'Editar organización', '組織を編集'),
  orgDelete: n('删除组织', 'Delete organisation', 'Eliminar organización', '組織を削除'),
  postAdd: n('新增岗位', 'Add post', 'Añadir puesto', '職位を追加'),
  postUpdate: n('修改岗位', 'Edit post', 'Editar puesto', '職位を編集'),
  postDelete: n('删除岗位', 'Delete post', 'Eliminar puesto', '職位を削除'),
  stationAdd: n('新增电站', 'Add station', 'Añadir estación', '発電所を追加'),
  stationUploadLogo: n('上传电站标志', 'Upload station logo', 'Subir logotipo de estación', '発電所ロゴをアップロード'),
  stationDeleteLogo: n('删除电站标志', 'Remove station logo', 'Quitar logotipo de estación', '発電所ロゴを削除'),
  stationUpdate: n('修改电站', 'Edit station', 'Editar estación', '発電所を編集'),
  stationDelete: n('删除电站', 'Delete station', 'Eliminar estación', '発電所を削除'),
  userAdd: n('新增用户', 'Add user', 'Añadir usuario', 'ユーザーを追加'),
  userUpdate: n('修改用户', 'Edit user', 'Editar usuario', 'ユーザーを編集'),
  userStatus: n('启用/停用用户', 'Enable or disable user', 'Activar o desactivar usuario', 'ユーザーの有効/無効'),
  userResetPwd: n('重置用户密码', 'Reset user password', 'Restablecer contraseña', 'パスワードをリセット'),
  userDelete: n('删除用户', 'Delete user', 'Eliminar usuario', 'ユーザーを削除'),
  roleAdd: n('新增角色', 'Add role', 'Añadir rol', 'ロールを追加'),
  roleUpdate: n('修改角色', 'Edit role', 'Editar rol', 'ロールを編集'),
  roleStatus: n('启用/停用角色', 'Enable or disable role', 'Activar o desactivar rol', 'ロールの有効/無効'),
  roleDelete: n('删除角色', 'Delete role', 'Eliminar rol', 'ロールを削除'),
  stationRoleAdd: n('新增电站角色', 'Add station role', 'Añadir rol de estación', '発電所ロールを追加'),
  stationRoleUpdate: n('修改电站角色', 'Edit station role', 'Editar rol de estación', '発電所ロールを編集'),
  stationRoleDelete: n('删除电站角色', 'Remove station role', 'Quitar rol de estación', '発電所ロールを削除'),
  offsetSave: n('保存测点校准', 'Save point calibration', 'Guardar calibración de puntos', '計測点の校正を保存'),
  topologyJumpAdd: n('保存拓扑跳转', 'Save topology links', 'Guardar enlaces de topología', 'トポロジーのリンクを保存'),
  siteSync: n('下发电站配置', 'Push station configuration', 'Enviar configuración de la estación', '発電所設定を送信'),
  virtualSync: n('下发虚拟设备', 'Push virtual devices', 'Enviar equipos virtuales', '仮想機器を送信'),
  menuAdd: n('新增菜单', 'Add menu', 'Añadir menú', 'メニューを追加'),
  menuUpdate: n('修改菜单', 'Edit menu', 'Editar menú', 'メニューを編集'),
  menuDelete: n('删除菜单', 'Delete menu', 'Eliminar menú', 'メニューを削除'),
  carbonFactorAdd: n('新增排放因子', 'Add emission factor', 'Añadir factor de emisión', '排出係数を追加'),
  carbonFactorUpdate: n('修改排放因子', 'Edit emission factor', 'Editar factor de emisión', '排出係数を編集'),
  carbonFactorDelete: n('删除排放因子', 'Delete emission factor', 'Eliminar factor de emisión', '排出係数を削除'),
  rateStationVersion: n('新增电价版本', 'Add price version', 'Añadir versión de precios', '料金バージョンを追加'),
  rateStationUnassign: n(
    '撤销电价生效',
    'Withdraw price assignment',
    'Retirar asignación de precios',
    '料金適用を取り消す',
  ),
  rateStationProxy: n(
    '跟随代理购电价',
    'Follow proxy price',
    'Seguir precio de compra delegada',
    '代理購入電力価格に従う',
  ),
  proxyRegionAdd: n(
    '新增代理购电区域',
    'Add proxy price region',
    'Añadir región de precio de compra',
    '代理購入電力地域を追加',
  ),
  proxyRegionUpdate: n(
    '修改代理购电区域',
    'Edit proxy price region',
    'Editar región de precio de compra',
    '代理購入電力地域を編集',
  ),
  proxyRegionDelete: n(
    '删除代理购电区域',
    'Delete proxy price region',
    'Eliminar región de precio de compra',
    '代理購入電力地域を削除',
  ),
  proxyPriceAdd: n('新增代理购电价', 'Add proxy price', 'Añadir precio de compra delegada', '代理購入電力価格を追加'),
  proxyPriceUpdate: n(
    '修改代理购电价',
    'Edit proxy price',
    'Editar precio de compra delegada',
    '代理購入電力価格を編集',
  ),
  proxyPriceDelete: n(
    '删除代理购电价',
    'Delete proxy price',
    'Eliminar precio de compra delegada',
    '代理購入電力価格を削除',
  ),
  proxyPriceImport: n(
    '导入代理购电价',
    'Import proxy prices',
    'Importar precios de compra delegada',
    '代理購入電力価格をインポート',
  ),
  hostingSettingsSave: n(
    '设置策略托管',
    'Set strategy hosting',
    'Configurar alojamiento de estrategia',
    '戦略ホスティングを設定',
  ),
  hostingPlan: n('生成托管计划', 'Make hosted plan', 'Generar plan alojado', 'ホスティング計画を作成'),
  hostingReview: n('审核托管计划', 'Review hosted plan', 'Revisar plan alojado', 'ホスティング計画を審査'),
  dashboardAdd: n('新增看板', 'Add dashboard', 'Añadir panel', 'ダッシュボードを追加'),
  dashboardUpdate: n('修改看板', 'Edit dashboard', 'Editar panel', 'ダッシュボードを編集'),
  dashboardDelete: n('删除看板', 'Delete dashboard', 'Eliminar panel', 'ダッシュボードを削除'),
  dashboardShare: n('共享看板', 'Share dashboard', 'Compartir panel', 'ダッシュボードを共有'),
  dashboardPublish: n(
    '发布看板链接',
    'Publish dashboard link',
    'Publicar enlace del panel',
    'ダッシュボードのリンクを公開',
  ),
  dashboardUnpublish: n(
    '撤销看板链接',
    'Revoke dashboard link',
    'Revocar enlace del panel',
    'ダッシュボードのリンクを取り消し',
  ),
  familyPublish: n(
    '发布家庭视图链接',
    'Publish household view link',
    'Publicar enlace de vista del hogar',
    '家庭ビューのリンクを公開',
  ),
  familyUnpublish: n(
    '撤销家庭视图链接',
    'Revoke household view link',
    'Revocar enlace de vista del hogar',
    '家庭ビューのリンクを取り消し',
  ),
  remoteFileUpload: n('上传远程文件', 'Upload remote file', 'Subir archivo remoto', 'リモートファイルをアップロード'),
  remoteFileDelete: n('删除远程文件', 'Delete remote file', 'Eliminar archivo remoto', 'リモートファイルを削除'),
  remoteFilePush: n('下发文件到设备', 'Push file to device', 'Enviar archivo al equipo', '機器へファイル送信'),
  remoteFilePull: n('读取设备文件', 'Pull file from device', 'Traer archivo del equipo', '機器からファイル取得'),
  upgradePackageAdd: n(
    '上传升级包',
    'Upload firmware package',
    'Subir paquete de firmware',
    'ファームウェアをアップロード',
  ),
  upgradePackageDelete: n(
    '删除升级包',
    'Delete firmware package',
    'Eliminar paquete de firmware',
    'ファームウェアを削除',
  ),
  upgradeTaskAdd: n('创建升级任务', 'Start upgrade task', 'Iniciar tarea de actualización', '更新タスクを開始'),
  upgradeTaskPause: n('暂停升级任务', 'Pause upgrade task', 'Pausar tarea de actualización', '更新タスクを一時停止'),
  upgradeTaskResume: n('继续升级任务', 'Resume upgrade task', 'Reanudar tarea de actualización', '更新タスクを再開'),
  upgradeTaskCancel: n(
    '取消升级任务',
    'Cancel upgrade task',
    'Cancelar tarea de actualización',
    '更新タスクを取り消し',
  ),
  subscriptionAdd: n('新增报表订阅', 'Add report subscription', 'Añadir suscripción de informe', 'レポート購読を追加'),
  subscriptionUpdate: n(
    '修改报表订阅',
    'Edit report subscription',
    'Editar suscripción de informe',
    'レポート購読を編集',
  ),
  subscriptionDelete: n(
    '删除报表订阅',
    'Delete report subscription',
    'Eliminar suscripción de informe',
    'レポート購読を削除',
  ),
  subscriptionSend: n('立即发送报表', 'Send report now', 'Enviar informe ahora', 'レポートを今すぐ送信'),
  settlementRatioSet: n('设置结算比例', 'Set settlement ratio', 'Fijar proporción de liquidación', '精算比率を設定'),
  settlementRatioDelete: n(
    '删除结算比例',
    'Delete settlement ratio',
    'Eliminar proporción de liquidación',
    '精算比率を削除',
  ),
  dictTypeAdd: n('新增字典类型', 'Add dictionary type', 'Añadir tipo de diccionario', '辞書種別を追加'),
  dictTypeUpdate: n('修改字典类型', 'Edit dictionary type', 'Editar tipo de diccionario', '辞書種別を編集'),
  dictTypeDelete: n('删除字典类型', 'Delete dictionary type', 'Eliminar tipo de diccionario', '辞書種別を削除'),
  dictItemAdd: n('新增字典项', 'Add dictionary item', 'Añadir elemento de diccionario', '辞書項目を追加'),
  dictItemUpdate: n('修改字典项', 'Edit dictionary item', 'Editar elemento de diccionario', '辞書項目を編集'),
  dictItemDelete: n('删除字典项', 'Delete dictionary item', 'Eliminar elemento de diccionario', '辞書項目を削除'),
  saveSettings: n('保存削峰设置', 'Save peak shaving settings', 'Guardar recorte de picos', 'ピークカット設定を保存'),
  command: n('下发设备指令', 'Send device command', 'Enviar orden al equipo', '機器へ指令を送信'),
  commandCancel: n('撤销设备指令', 'Cancel device command', 'Anular orden al equipo', '機器への指令を取り消し'),
  sequenceRunCancel: n('取消顺控执行', 'Cancel sequence run', 'Cancelar secuencia', 'シーケンス実行を中止'),
  setPoint: n('设置电站功率', 'Set station power', 'Fijar potencia de la estación', '発電所の出力を設定'),
  addTemplate: n('新增顺控模板', 'Add sequence template', 'Añadir plantilla de secuencia', 'シーケンスを追加'),
  copyTemplate: n('复制顺控模板', 'Copy sequence template', 'Copiar plantilla de secuencia', 'シーケンスを複製'),
  updateTemplate: n('修改顺控模板', 'Edit sequence template', 'Editar plantilla de secuencia', 'シーケンスを編集'),
  removeTemplate: n('删除顺控模板', 'Delete sequence template', 'Eliminar plantilla de secuencia', 'シーケンスを削除'),
  run: n('执行顺控', 'Run sequence', 'Ejecutar secuencia', 'シーケンスを実行'),
  add: n('新增计划曲线', 'Add plan curve', 'Añadir curva de plan', '計画曲線を追加'),
  copy: n('复制计划曲线', 'Copy plan curve', 'Copiar curva de plan', '計画曲線を複製'),
  update: n('修改计划曲线', 'Edit plan curve', 'Editar curva de plan', '計画曲線を編集'),
  setEnabled: n(
    '启用/停用计划曲线',
    'Enable or disable plan curve',
    'Activar o desactivar curva',
    '計画曲線の有効/無効',
  ),
  remove: n('删除计划曲线', 'Delete plan curve', 'Eliminar curva de plan', '計画曲線を削除'),
  deliver: n('下发计划曲线', 'Deliver plan curve', 'Enviar curva de plan', '計画曲線を配信'),
  workorderOrderAdd: n('新建工单', 'Open work order', 'Abrir orden de trabajo', '作業指示を作成'),
  workorderOrderAction: n('处理工单', 'Act on work order', 'Tramitar orden de trabajo', '作業指示を処理'),
  workorderOrderDelete: n('删除工单', 'Delete work order', 'Eliminar orden de trabajo', '作業指示を削除'),
  workorderDefinitionImport: n(
    '导入流程定义',
    'Import process definition',
    'Importar definición de proceso',
    'プロセス定義をインポート',
  ),
  workorderDefinitionSuspend: n(
    '挂起流程定义',
    'Suspend process definition',
    'Suspender definición de proceso',
    'プロセス定義を一時停止',
  ),
  workorderDefinitionActivate: n(
    '激活流程定义',
    'Activate process definition',
    'Activar definición de proceso',
    'プロセス定義を有効化',
  ),
  workorderDefinitionDelete: n(
    '删除流程定义',
    'Delete process definition',
    'Eliminar definición de proceso',
    'プロセス定義を削除',
  ),
  workorderTemplateAdd: n(
    '新增流程模板',
    'Add process template',
    'Añadir plantilla de proceso',
    'プロセステンプレートを追加',
  ),
  workorderTemplateUpdate: n(
    '修改流程模板',
    'Edit process template',
    'Editar plantilla de proceso',
    'プロセステンプレートを編集',
  ),
  workorderTemplateDelete: n(
    '删除流程模板',
    'Delete process template',
    'Eliminar plantilla de proceso',
    'プロセステンプレートを削除',
  ),
  workorderRuleSave: n(
    '保存告警转工单规则',
    'Save alarm order rule',
    'Guardar regla de alarma a orden',
    'アラーム作業指示ルールを保存',
  ),
  workorderRuleDelete: n(
    '删除告警转工单规则',
    'Delete alarm order rule',
    'Eliminar regla de alarma a orden',
    'アラーム作業指示ルールを削除',
  ),
  workorderScheduleSave: n('保存巡检计划', 'Save inspection schedule', 'Guardar plan de inspección', '点検計画を保存'),
  workorderScheduleDelete: n(
    '删除巡检计划',
    'Delete inspection schedule',
    'Eliminar plan de inspección',
    '点検計画を削除',
  ),
  fileUpload: n('上传文件', 'Upload file', 'Subir archivo', 'ファイルをアップロード'),
  inspectionRecordAdd: n('新增巡检记录', 'Add inspection record', 'Añadir registro de inspección', '点検記録を追加'),
  inspectionRecordUpdate: n(
    '修改巡检记录',
    'Edit inspection record',
    'Editar registro de inspección',
    '点検記録を編集',
  ),
  inspectionRecordDelete: n(
    '删除巡检记录',
    'Delete inspection record',
    'Eliminar registro de inspección',
    '点検記録を削除',
  ),
  repairRecordAdd: n('新增维修记录', 'Add repair record', 'Añadir registro de reparación', '修理記録を追加'),
  repairRecordUpdate: n('修改维修记录', 'Edit repair record', 'Editar registro de reparación', '修理記録を編集'),
  repairRecordDelete: n('删除维修记录', 'Delete repair record', 'Eliminar registro de reparación', '修理記録を削除'),
};

/** Events services log themselves (the row's `name`): sign-in steps, password change, device credentials. */
export const LOG_EVENT_NAMES: Record<string, Names> = {
  'login.success': n('登录成功', 'Signed in', 'Sesión iniciada', 'ログイン成功'),
  'login.failure': n('登录失败', 'Sign-in failed', 'Inicio de sesión fallido', 'ログイン失敗'),
  'login.disabled': n(
    '登录被拒：账号已停用',
    'Sign-in refused: account disabled',
    'Acceso denegado: cuenta desactivada',
    'ログイン拒否：無効なアカウント',
  ),
  'login.locked': n(
    '登录被拒：尝试过多',
    'Sign-in refused: too many attempts',
    'Acceso denegado: demasiados intentos',
    'ログイン拒否：試行回数超過',
  ),
  'login.throttled': n(
    '登录被拒：尝试过频',
    'Sign-in refused: too frequent',
    'Acceso denegado: demasiado frecuente',
    'ログイン拒否：頻度超過',
  ),
  'login.screen': n('大屏登录', 'Screen sign-in', 'Acceso de pantalla', '大型画面ログイン'),
  'login.bigToken': n('云平台登录', 'Cloud sign-in', 'Acceso a la nube', 'クラウドログイン'),
  logout: n('退出登录', 'Signed out', 'Sesión cerrada', 'ログアウト'),
  'password.change': n('修改密码', 'Password changed', 'Contraseña cambiada', 'パスワード変更'),
  'password.change.failure': n(
    '修改密码失败',
    'Password change failed',
    'Cambio de contraseña fallido',
    'パスワード変更失敗',
  ),
  'password.change.locked': n(
    '修改密码被拒：尝试过多',
    'Password change refused: too many attempts',
    'Cambio denegado: demasiados intentos',
    'パスワード変更拒否：試行回数超過',
  ),
  'password.change.throttled': n(
    '修改密码被拒：尝试过频',
    'Password change refused: too frequent',
    'Cambio denegado: demasiado frecuente',
    'パスワード変更拒否：頻度超過',
  ),
  'device.credentials': n(
    '生成设备接入凭据',
    'Issue device credentials',
    'Emitir credenciales del equipo',
    '機器の認証情報を発行',
  ),
};

/**
 * Entry names rows were logged under before the entry was renamed (issue 22: the table held
 * one `cancel`, the sequence run's), so those rows keep their name and are found by it.
 */
export const FORMER_CALL_NAMES: Readonly<Record<string, EndpointName>> = { cancel: 'sequenceRunCancel' };

/** The action names of a row's call (its `methodName`), under its current or a former entry name. */
export function callActionNames(methodName: string): Names | undefined {
  // Own keys only: a stored "constructor" must not find Object's.
  const name = Object.hasOwn(FORMER_CALL_NAMES, methodName) ? FORMER_CALL_NAMES[methodName] : methodName;
  return name && Object.hasOwn(ACTION_NAMES, name) ? ACTION_NAMES[name as EndpointName] : undefined;
}

/**
 * The name a log row is shown with: its event's name, else its call's, else what it stored
 * (rows of calls since removed from the table).
 */
export function actionName(row: { name: string; methodName: string | null }, lang: Lang): string {
  const named = LOG_EVENT_NAMES[row.name] ?? (row.methodName ? callActionNames(row.methodName) : undefined);
  return named ? named[lang] : row.name;
}
