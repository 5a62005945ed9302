import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  controlPassword: {
    title: 'Confirmar control',
    hint: 'Las acciones de control requieren de nuevo su contraseña de acceso.',
    password: 'Contraseña de acceso',
    ok: 'Confirmar y enviar',
  },
};
