import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  orgAdmin: {
    title: 'Organisations',
    name: 'Name',
    code: 'Code',
    parent: 'Parent organisation',
    root: 'None (top level)',
    orderNum: 'Order',
    leader: 'Leader',
    phone: 'Contact phone',
    stations: 'Stations',
    users: 'Users',
    addChild: 'Add child',
    addTitle: 'Add organisation',
    editTitle: 'Edit organisation',
    search: 'Search name or code',
    nameRequired: 'Enter the organisation name',
    codeRequired: 'Enter the organisation code',
    codeFormat: 'Codes hold only letters, digits, - and _',
    holds: 'This organisation still holds organisations, stations or users; deleting it will be refused',
  },
};
