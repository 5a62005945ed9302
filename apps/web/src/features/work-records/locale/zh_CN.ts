/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  workRecords: {
    noStation: '请先选择电站',
    keyword: '关键字',
    timeRange: '时间范围',
    exportHint: '按当前筛选条件导出 Excel',
    inspection: {
      title: '信息录入',
      add: '新增巡检记录',
      edit: '修改巡检记录',
      name: '名称',
      content: '内容',
      recordTime: '记录时间',
      recorder: '记录人',
      fileName: '巡检记录',
    },
    repair: {
      title: '维修记录',
      add: '新增维修记录',
      edit: '修改维修记录',
      repairman: '维修人',
      location: '维修地点',
      content: '维修内容',
      repairTime: '维修时间',
      remark: '备注',
      pictures: '图片',
      order: '工单',
      fileName: '维修记录',
    },
    required: '请填写{{field}}',
  },
};
