import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  postAdmin: {
    title: 'Posts',
    code: 'Code',
    name: 'Name',
    keyword: 'Code or name',
    orderNum: 'Order',
    users: 'Users',
    addTitle: 'Add post',
    editTitle: 'Edit post',
    codeRequired: 'Enter the post code',
    nameRequired: 'Enter the post name',
    codeFormat: 'Codes hold only letters, digits, - and _',
    held: '{{count}} user(s) hold this post; it cannot be deleted',
  },
};
