import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  alarmBell: { none: '未確認のアラームはありません', more: 'ほかに未確認 {{count}} 件' },
};
