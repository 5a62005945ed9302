/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  liveStatus: {
    live: '实时',
    polling: '轮询中',
    connecting: '连接中',
    liveHint: '数据通过实时通道推送',
    pollingHint: '实时通道中断，每 10 秒刷新一次',
    connectingHint: '正在连接实时通道',
    revoked: '无权访问',
    revokedHint: '您已无权访问此电站，实时数据已停止',
    updated: '更新于 {{ago}}',
    noData: '暂无实时数据',
  },
};
