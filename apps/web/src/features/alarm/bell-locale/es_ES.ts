import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  alarmBell: { none: 'No hay alarmas sin confirmar', more: '{{count}} más sin confirmar' },
};
