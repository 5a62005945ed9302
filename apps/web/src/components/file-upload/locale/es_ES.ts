import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  fileUpload: {
    button: 'Subir archivo',
    picture: 'Subir imagen',
    hint: 'Hasta {{count}} archivos de {{size}} MB como máximo cada uno; formatos: {{formats}}',
    tooLarge: '{{name}} supera {{size}} MB',
    wrongFormat: '{{name}} no tiene un formato permitido ({{formats}})',
    tooMany: '{{count}} archivos como máximo',
    failed: 'No se pudo subir {{name}}',
    preview: 'Vista previa',
    loadFailed: 'No se puede cargar la imagen',
    uploading: 'Subiendo… {{percent}} %',
    none: 'Sin imágenes',
  },
};
