/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  command: {
    state: {
      pending: '待下发',
      sent: '下发中',
      success: '成功',
      failure: '失败',
      timeout: '超时',
      cancelled: '已取消',
    },
  },
};
