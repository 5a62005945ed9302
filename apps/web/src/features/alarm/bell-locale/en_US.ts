import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  alarmBell: { none: 'No unconfirmed alarms', more: '{{count}} more unconfirmed' },
};
