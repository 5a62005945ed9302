/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  orgAdmin: {
    title: '组织管理',
    name: '组织名称',
    code: '组织编码',
    parent: '上级组织',
    root: '无（顶级组织）',
    orderNum: '排序',
    leader: '负责人',
    phone: '联系电话',
    stations: '电站数',
    users: '用户数',
    addChild: '新增下级',
    addTitle: '新增组织',
    editTitle: '修改组织',
    search: '搜索组织名称或编码',
    nameRequired: '请输入组织名称',
    codeRequired: '请输入组织编码',
    codeFormat: '编码只能包含字母、数字、- 和 _',
    holds: '该组织下还有下级组织、电站或用户，删除会被拒绝',
  },
};
