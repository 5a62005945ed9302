import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  command: {
    state: {
      pending: 'Pendiente',
      sent: 'En curso',
      success: 'Correcto',
      failure: 'Fallo',
      timeout: 'Tiempo agotado',
      cancelled: 'Cancelado',
    },
  },
};
