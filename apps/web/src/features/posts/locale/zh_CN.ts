/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  postAdmin: {
    title: '岗位管理',
    code: '岗位编码',
    name: '岗位名称',
    keyword: '岗位编码或名称',
    orderNum: '排序',
    users: '用户数',
    addTitle: '新增岗位',
    editTitle: '修改岗位',
    codeRequired: '请输入岗位编码',
    nameRequired: '请输入岗位名称',
    codeFormat: '编码只能包含字母、数字、- 和 _',
    held: '有 {{count}} 个用户在用该岗位，不能删除',
  },
};
