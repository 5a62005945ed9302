import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
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
};
