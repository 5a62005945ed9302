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
  strategySolveTimeout: {
    zh_CN: '优化计算未能在{seconds}秒内完成，请稍后重试；基于规则的计划不受影响',
    en_US: 'The optimiser did not finish within {seconds} s; try again later. The rule-based plan is not affected',
    es_ES: 'El optimizador no terminó en {seconds} s; inténtelo más tarde. El plan por reglas no se ve afectado',
    ja_JP:
      '最適化計算が{seconds}秒以内に完了しませんでした。しばらくしてから再試行してください。ルールベースの計画には影響しません',
  },
  strategySolverBusy: {
    zh_CN: '优化计算繁忙，请在{seconds}秒后重试',
    en_US: 'The optimiser is busy; try again in {seconds} s',
    es_ES: 'El optimizador está ocupado; inténtelo de nuevo en {seconds} s',
    ja_JP: '最適化計算が混み合っています。{seconds}秒後に再試行してください',
  },
} as const;
