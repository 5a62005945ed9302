import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  controlPassword: {
    title: 'Confirm control',
    hint: 'Control actions need your sign-in password again.',
    password: 'Sign-in password',
    ok: 'Confirm and deliver',
  },
};
