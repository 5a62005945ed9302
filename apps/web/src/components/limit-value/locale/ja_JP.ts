import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  limitValue: {
    above: '{{level}}上限 {{bound}} を超過',
    below: '{{level}}下限 {{bound}} を下回る',
    warning: '警告',
    alarm: '警報',
  },
};
