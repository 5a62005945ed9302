import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  postAdmin: {
    title: 'Puestos',
    code: 'Código',
    name: 'Nombre',
    keyword: 'Código o nombre',
    orderNum: 'Orden',
    users: 'Usuarios',
    addTitle: 'Añadir puesto',
    editTitle: 'Editar puesto',
    codeRequired: 'Introduzca el código del puesto',
    nameRequired: 'Introduzca el nombre del puesto',
    codeFormat: 'Los códigos solo admiten letras, dígitos, - y _',
    held: '{{count}} usuario(s) tienen este puesto; no se puede eliminar',
  },
};
