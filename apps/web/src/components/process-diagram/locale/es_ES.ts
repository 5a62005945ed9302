import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  processDiagram: {
    unreadable: 'No se puede leer el diagrama: el archivo no es BPMN 2.0 válido',
    noLayout: 'Esta definición de proceso no tiene un diseño de diagrama que mostrar',
    unsupported: 'Este navegador no puede dibujar el diagrama del proceso',
    failed: 'No se pudo dibujar el diagrama del proceso',
    active: 'Paso actual',
    done: 'Pasos hechos',
    fit: 'Ajustar a la vista',
    unknownNodes: 'Pasos que no están en el diagrama: {{ids}}',
  },
};
