import type { Lang } from '../i18n';

/**
 * The history curve export file's name and headings (joined into the catalogue of catalogue.ts).
 */
export const curveExportMessages = {
  curveExportName: { zh_CN: '历史曲线', en_US: 'history-curves', es_ES: 'curvas-historicas', ja_JP: '履歴曲線' },
  curveExportTime: { zh_CN: '时间', en_US: 'Time', es_ES: 'Hora', ja_JP: '時刻' },
  curveExportMin: { zh_CN: '最小值', en_US: 'min', es_ES: 'mín.', ja_JP: '最小' },
  curveExportMax: { zh_CN: '最大值', en_US: 'max', es_ES: 'máx.', ja_JP: '最大' },
  curveExportData: { zh_CN: '曲线数据', en_US: 'Curves', es_ES: 'Curvas', ja_JP: '曲線データ' },
  curveExportIndicators: { zh_CN: '指标', en_US: 'Indicators', es_ES: 'Indicadores', ja_JP: '指標' },
  curveExportDevice: { zh_CN: '设备', en_US: 'Device', es_ES: 'Equipo', ja_JP: '機器' },
  curveExportSn: { zh_CN: '序列号', en_US: 'Serial number', es_ES: 'Número de serie', ja_JP: 'シリアル番号' },
  curveExportCode: { zh_CN: '测点编码', en_US: 'Point code', es_ES: 'Código de punto', ja_JP: '計測点コード' },
  curveExportPoint: { zh_CN: '测点', en_US: 'Point', es_ES: 'Punto', ja_JP: '計測点' },
  curveExportUnit: { zh_CN: '单位', en_US: 'Unit', es_ES: 'Unidad', ja_JP: '単位' },
  curveExportResolution: { zh_CN: '分辨率', en_US: 'Resolution', es_ES: 'Resolución', ja_JP: '分解能' },
  curveExportBucket: {
    zh_CN: '时间桶（秒）',
    en_US: 'Bucket (s)',
    es_ES: 'Intervalo (s)',
    ja_JP: 'バケット（秒）',
  },
  curveExportTimezone: { zh_CN: '时区', en_US: 'Time zone', es_ES: 'Zona horaria', ja_JP: 'タイムゾーン' },
} satisfies Record<string, Record<Lang, string>>;
