import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  controlPassword: {
    title: '制御の確認',
    hint: '制御操作にはサインインパスワードの再入力が必要です。',
    password: 'サインインパスワード',
    ok: '確認して配信',
  },
};
