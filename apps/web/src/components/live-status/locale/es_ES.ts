import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
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
};
