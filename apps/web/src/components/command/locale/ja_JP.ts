import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  command: {
    state: {
      pending: '待機中',
      sent: '配信中',
      success: '成功',
      failure: '失敗',
      timeout: 'タイムアウト',
      cancelled: '取消済み',
    },
  },
};
