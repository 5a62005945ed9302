import { defineLocale } from '@/lib/i18n/feature-locale';

/** Texts of the live-link status shown by every live page (home, devices, history, reports). */
export const LIVE_STATUS_LOCALE = defineLocale({
  zh_CN: {
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
  },
  en_US: {
    liveStatus: {
      live: 'Live',
      polling: 'Polling',
      connecting: 'Connecting',
      liveHint: 'Values are pushed over the live channel',
      pollingHint: 'Live channel down: refreshing every 10 s',
      connectingHint: 'Connecting to the live channel',
      revoked: 'No access',
      revokedHint: 'You no longer have access to this station: live values stopped',
      updated: 'Updated {{ago}}',
      noData: 'No live data',
    },
  },
  es_ES: {
    liveStatus: {
      live: 'En vivo',
      polling: 'Consultando',
      connecting: 'Conectando',
      liveHint: 'Los valores llegan por el canal en vivo',
      pollingHint: 'Canal en vivo caído: se actualiza cada 10 s',
      connectingHint: 'Conectando con el canal en vivo',
      revoked: 'Sin acceso',
      revokedHint: 'Ya no tiene acceso a esta estación: los valores en vivo se detuvieron',
      updated: 'Actualizado {{ago}}',
      noData: 'Sin datos en vivo',
    },
  },
  ja_JP: {
    liveStatus: {
      live: 'ライブ',
      polling: 'ポーリング中',
      connecting: '接続中',
      liveHint: '値はリアルタイム通信で配信されています',
      pollingHint: 'リアルタイム通信が切断中のため 10 秒ごとに更新しています',
      connectingHint: 'リアルタイム通信に接続しています',
      revoked: 'アクセス権なし',
      revokedHint: 'この発電所へのアクセス権がなくなったため、ライブ値を停止しました',
      updated: '{{ago}}に更新',
      noData: 'ライブデータなし',
    },
  },
});
