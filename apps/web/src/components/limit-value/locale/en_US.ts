import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  limitValue: {
    above: 'Above the {{level}} limit of {{bound}}',
    below: 'Below the {{level}} limit of {{bound}}',
    warning: 'warning',
    alarm: 'alarm',
  },
};
