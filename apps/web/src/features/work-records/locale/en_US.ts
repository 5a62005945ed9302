import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  workRecords: {
    noStation: 'Choose a station first',
    keyword: 'Keyword',
    timeRange: 'Time range',
    exportHint: 'Export the records matching the filters to Excel',
    inspection: {
      title: 'Information entry',
      add: 'Add inspection record',
      edit: 'Edit inspection record',
      name: 'Name',
      content: 'Content',
      recordTime: 'Record time',
      recorder: 'Recorder',
      fileName: 'Inspection records',
    },
    repair: {
      title: 'Repair records',
      add: 'Add repair record',
      edit: 'Edit repair record',
      repairman: 'Repairman',
      location: 'Repair location',
      content: 'Repair content',
      repairTime: 'Repair time',
      remark: 'Remark',
      pictures: 'Pictures',
      order: 'Work order',
      fileName: 'Repair records',
    },
    required: 'Enter the {{field}}',
  },
};
