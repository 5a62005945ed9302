/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  processDiagram: {
    unreadable: '无法读取流程图：文件不是有效的流程定义',
    noLayout: '该流程定义没有图形布局，无法显示流程图',
    unsupported: '当前浏览器无法绘制流程图',
    failed: '流程图绘制失败',
    active: '当前节点',
    done: '已完成节点',
    fit: '适应窗口',
    unknownNodes: '流程图中找不到节点：{{ids}}',
  },
};
