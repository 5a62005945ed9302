import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  crud: {
    search: 'Search',
    reset: 'Reset',
    add: 'Add',
    edit: 'Edit',
    detail: 'Details',
    delete: 'Delete',
    deleteConfirm: 'Delete “{{name}}”?',
    total: '{{count}} in total',
    save: 'Save',
    cancel: 'Cancel',
    enabled: 'Enabled',
    disabled: 'Disabled',
    all: 'All',
    loadFailed: 'Querying the list failed',
    empty: 'No data',
    actions: 'Actions',
    more: 'More',
    export: 'Export',
    exportHint: 'Every row under the filters shown, as CSV, up to {{max}} rows',
    exporting: 'Exporting {{pct}}%',
    status: 'Status',
    createTime: 'Created',
    updateTime: 'Updated',
    remark: 'Remark',
  },
};
