import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  systemLog: {
    title: 'Logs',
    tabs: { operation: 'Operation log', clientErrors: 'Client errors' },
    search: 'Search',
    range: 'Time range',
    total_one: '{{count}} entry',
    total_other: '{{count}} entries',
    col: {
      time: 'Time',
      timeIn: 'Time ({{zone}})',
      name: 'Name',
      user: 'User',
      ip: 'IP',
      method: 'Method',
      methodName: 'Method name',
      params: 'Parameters',
      duration: 'Duration',
      result: 'Result',
      kind: 'Kind',
      message: 'Message',
      page: 'Page',
      release: 'Version',
    },
    result: { all: 'All results', success: 'Success', failure: 'Failure' },
    kind: {
      all: 'All kinds',
      render: 'Render error',
      error: 'Uncaught error',
      unhandledRejection: 'Unhandled promise rejection',
      chunkLoad: 'Code failed to load',
    },
    stack: 'Stack',
    userAgent: 'Browser',
    anonymous: 'Not signed in',
    ms: '{{value}} ms',
    filter: { name: 'Name or method', allMethods: 'All methods' },
    exportName: 'Operation log',
    exportHint: 'Excel of the current filter, newest first, at most {{max}} rows',
  },
};
