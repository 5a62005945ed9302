/** Operations texts: readiness, metrics (joined into the catalogue of catalogue.ts). */
export const opsMessages = {
  notReady: {
    zh_CN: '服务未就绪',
    en_US: 'Service not ready',
    es_ES: 'Servicio no disponible todavía',
    ja_JP: 'サービスの準備ができていません',
  },
};
