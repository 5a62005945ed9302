/** Peak shaving strategy, load forecast and budget messages (joined into the catalogue of catalogue.ts). */
export const strategyMessages = {
  strategyNoTariff: {
    zh_CN: '电站在{date}没有生效的电价模板，请先在费率管理中配置',
    en_US: 'The station has no rate template in force on {date}; assign one under Rates first',
    es_ES: 'La estación no tiene plantilla de tarifa vigente el {date}; asígnela primero en Tarifas',
    ja_JP: '発電所には{date}に有効な料金テンプレートがありません。先に料金管理で設定してください',
  },
  strategyNoHistory: {
    zh_CN: '电站没有可用于负荷预测的历史负荷数据',
    en_US: 'The station has no load history to forecast from',
    es_ES: 'La estación no tiene historial de carga para la previsión',
    ja_JP: '発電所には負荷予測に使える負荷履歴がありません',
  },
  strategyComputeFailed: {
    zh_CN: '计算失败',
    en_US: 'Computation failed',
    es_ES: 'El cálculo ha fallado',
    ja_JP: '計算に失敗しました',
  },
} as const;
