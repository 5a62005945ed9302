import type { Lang } from '../i18n';

/** Plan curve messages (joined into catalogue.ts); spec 5 and 8 wording, the form says the same words. */
export const planCurveMessages = {
  planCurveNotFound: {
    zh_CN: '计划曲线不存在',
    en_US: 'The plan curve does not exist',
    es_ES: 'La curva de plan no existe',
    ja_JP: '計画曲線が存在しません',
  },
  planCurveCodeTaken: {
    zh_CN: '编号“{code}”已存在',
    en_US: 'The number "{code}" is already used',
    es_ES: 'El número «{code}» ya existe',
    ja_JP: '番号「{code}」は既に存在します',
  },
  planCurveCodeRequired: {
    zh_CN: '请输入编号',
    en_US: 'Enter the number',
    es_ES: 'Introduzca el número',
    ja_JP: '番号を入力してください',
  },
  planCurveNameRequired: {
    zh_CN: '请输入名称',
    en_US: 'Enter the name',
    es_ES: 'Introduzca el nombre',
    ja_JP: '名称を入力してください',
  },
  planCurveSegmentsEmpty: {
    zh_CN: '请至少添加一个时段',
    en_US: 'Add at least one time segment',
    es_ES: 'Añada al menos un tramo horario',
    ja_JP: '時間帯を少なくとも 1 つ追加してください',
  },
  planCurveSegmentOrder: {
    zh_CN: '开始时间必须早于结束时间',
    en_US: 'The start time must be before the end time',
    es_ES: 'La hora de inicio debe ser anterior a la de fin',
    ja_JP: '開始時刻は終了時刻より前にしてください',
  },
  planCurveSegmentsOverlap: {
    zh_CN: '时间段重叠',
    en_US: 'The time segments overlap',
    es_ES: 'Los tramos horarios se solapan',
    ja_JP: '時間帯が重複しています',
  },
  planCurveSocRange: {
    zh_CN: 'SOC 须在 0 到 100 之间',
    en_US: 'SOC must be between 0 and 100',
    es_ES: 'El SOC debe estar entre 0 y 100',
    ja_JP: 'SOC は 0 から 100 の範囲で入力してください',
  },
  planCurveSocOrder: {
    zh_CN: 'SOC 下限不能大于上限',
    en_US: 'The SOC lower limit may not exceed the upper limit',
    es_ES: 'El límite inferior de SOC no puede superar el superior',
    ja_JP: 'SOC 下限は上限を超えられません',
  },
  planCurveValueRange: {
    zh_CN: '数值须在 -99999999 到 99999999 之间',
    en_US: 'The value must be between -99,999,999 and 99,999,999',
    es_ES: 'El valor debe estar entre -99.999.999 y 99.999.999',
    ja_JP: '値は -99,999,999 から 99,999,999 の範囲で入力してください',
  },
  planCurveDeleteEnabled: {
    zh_CN: '请先停用模板再删除',
    en_US: 'Disable the template before deleting it',
    es_ES: 'Desactive la plantilla antes de eliminarla',
    ja_JP: '削除する前にテンプレートを無効にしてください',
  },
  planCurveDisabled: {
    zh_CN: '模板已停用，不能下发',
    en_US: 'The template is disabled and cannot be delivered',
    es_ES: 'La plantilla está desactivada y no se puede enviar',
    ja_JP: 'テンプレートは無効のため配信できません',
  },
  /** {where} of a value refusal (commandValueAt*) of a segment, at save and at delivery to a station. */
  planSegmentAt: {
    zh_CN: '第{segment}时段（{start}–{end}）',
    en_US: 'Segment {segment} ({start}–{end})',
    es_ES: 'Tramo {segment} ({start}–{end})',
    ja_JP: '第{segment}時間帯（{start}–{end}）',
  },
  planStationSegmentAt: {
    zh_CN: '{station}第{segment}时段（{start}–{end}）',
    en_US: '{station}, segment {segment} ({start}–{end})',
    es_ES: '{station}, tramo {segment} ({start}–{end})',
    ja_JP: '{station}の第{segment}時間帯（{start}–{end}）',
  },
  planCurveOtherStation: {
    zh_CN: '该模板属于{station}：只能下发到该电站',
    en_US: 'This template belongs to {station}: deliver it there only',
    es_ES: 'Esta plantilla pertenece a {station}: envíela solo allí',
    ja_JP: 'このテンプレートは{station}のものです。同発電所にのみ配信できます',
  },
  planCurveNotSaved: {
    zh_CN: '数据未保存，请先保存',
    en_US: 'Data not saved, save first',
    es_ES: 'Datos no guardados, guarde primero',
    ja_JP: 'データが保存されていません。先に保存してください',
  },
  planCurveNoData: {
    zh_CN: '没有可下发的数据',
    en_US: 'No data to distribute',
    es_ES: 'No hay datos para enviar',
    ja_JP: '配信するデータがありません',
  },
  planDeliveryNotFound: {
    zh_CN: '下发记录不存在',
    en_US: 'The delivery does not exist',
    es_ES: 'El envío no existe',
    ja_JP: '配信記録が存在しません',
  },
  planRefusedLocal: {
    zh_CN: '电站处于就地控制（EMS已停机），拒绝计划曲线：请先在现场或远程启动EMS',
    en_US: 'The station is under local control (EMS stopped) and refuses the plan: start the EMS first',
    es_ES: 'La estación está en control local (EMS parado) y rechaza el plan: arranque antes el EMS',
    ja_JP: '発電所はローカル制御中（EMS停止）のため計画を拒否します。先にEMSを起動してください',
  },
  planRefusedSequence: {
    zh_CN: '电站正在执行顺序控制，拒绝计划曲线：请等待其结束',
    en_US: 'A sequence run is in progress at the station; the plan is refused until it ends',
    es_ES: 'Hay una secuencia en curso en la estación; el plan se rechaza hasta que termine',
    ja_JP: '発電所でシーケンス制御を実行中のため計画を拒否します。終了までお待ちください',
  },
  planDispatchDeviation: {
    zh_CN: '{station} 调度偏差：实际功率 {value} kW，计划 {limit} kW',
    en_US: '{station} dispatch deviation: actual {value} kW, planned {limit} kW',
    es_ES: '{station} desviación del despacho: real {value} kW, previsto {limit} kW',
    ja_JP: '{station} 指令偏差：実績 {value} kW、計画 {limit} kW',
  },
} satisfies Record<string, Record<Lang, string>>;
