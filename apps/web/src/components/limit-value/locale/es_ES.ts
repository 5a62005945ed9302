import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  limitValue: {
    above: 'Por encima del límite de {{level}} de {{bound}}',
    below: 'Por debajo del límite de {{level}} de {{bound}}',
    warning: 'advertencia',
    alarm: 'alarma',
  },
};
