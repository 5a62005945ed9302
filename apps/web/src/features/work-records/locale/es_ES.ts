import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  workRecords: {
    noStation: 'Elija primero una estación',
    keyword: 'Palabra clave',
    timeRange: 'Intervalo de tiempo',
    exportHint: 'Exportar a Excel los registros que cumplen los filtros',
    inspection: {
      title: 'Registro de información',
      add: 'Añadir registro de inspección',
      edit: 'Editar registro de inspección',
      name: 'Nombre',
      content: 'Contenido',
      recordTime: 'Hora del registro',
      recorder: 'Registrado por',
      fileName: 'Registros de inspección',
    },
    repair: {
      title: 'Registros de reparación',
      add: 'Añadir registro de reparación',
      edit: 'Editar registro de reparación',
      repairman: 'Técnico',
      location: 'Lugar de reparación',
      content: 'Trabajo realizado',
      repairTime: 'Hora de reparación',
      remark: 'Observación',
      pictures: 'Imágenes',
      order: 'Orden de trabajo',
      fileName: 'Registros de reparación',
    },
    required: 'Indique: {{field}}',
  },
};
