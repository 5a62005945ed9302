export const zh_CN = {
  fileUpload: {
    button: '上传文件',
    picture: '上传图片',
    hint: '最多 {{count}} 个文件，每个不超过 {{size}} MB；格式：{{formats}}',
    tooLarge: '{{name}} 超过 {{size}} MB',
    wrongFormat: '{{name}} 不是允许的格式（{{formats}}）',
    tooMany: '最多 {{count}} 个文件',
    failed: '{{name}} 上传失败',
    preview: '预览',
    loadFailed: '图片无法加载',
    uploading: '上传中… {{percent}}%',
    none: '无图片',
  },
};
