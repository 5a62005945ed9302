import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const es_ES: LocaleShape<typeof zh_CN> = {
  orgAdmin: {
    title: 'Organizaciones',
    name: 'Nombre',
    code: 'Código',
    parent: 'Organización superior',
    root: 'Ninguna (primer nivel)',
    orderNum: 'Orden',
    leader: 'Responsable',
    phone: 'Teléfono de contacto',
    stations: 'Estaciones',
    users: 'Usuarios',
    addChild: 'Añadir dependiente',
    addTitle: 'Añadir organización',
    editTitle: 'Editar organización',
    search: 'Buscar nombre o código',
    nameRequired: 'Introduzca el nombre de la organización',
    codeRequired: 'Introduzca el código de la organización',
    codeFormat: 'Los códigos solo admiten letras, dígitos, - y _',
    holds: 'Esta organización todavía tiene organizaciones, estaciones o usuarios; se rechazará su eliminación',
  },
};
