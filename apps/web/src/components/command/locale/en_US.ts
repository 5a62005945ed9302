import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  command: {
    state: {
      pending: 'Pending',
      sent: 'In progress',
      success: 'Success',
      failure: 'Failure',
      timeout: 'Timeout',
      cancelled: 'Cancelled',
    },
  },
};
