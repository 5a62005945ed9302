import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  crud: {
    search: 'Buscar',
    reset: 'Restablecer',
    add: 'Añadir',
    edit: 'Editar',
    detail: 'Detalles',
    delete: 'Eliminar',
    deleteConfirm: '¿Eliminar «{{name}}»?',
    total: '{{count}} en total',
    save: 'Guardar',
    cancel: 'Cancelar',
    enabled: 'Activado',
    disabled: 'Desactivado',
    all: 'Todos',
    loadFailed: 'La consulta de la lista falló',
    empty: 'Sin datos',
    actions: 'Acciones',
    more: 'Más',
    export: 'Exportar',
    exportHint: 'Todas las filas con los filtros mostrados, en CSV, hasta {{max}} filas',
    exporting: 'Exportando {{pct}} %',
    status: 'Estado',
    createTime: 'Creación',
    updateTime: 'Actualización',
    remark: 'Observación',
  },
};
