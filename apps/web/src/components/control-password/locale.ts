import { defineLocale } from '@/lib/i18n/feature-locale';

/** The password dialog every control action goes through (issue 14: re-authentication). */
export const CONTROL_PASSWORD_LOCALE = defineLocale({
  zh_CN: {
    controlPassword: {
      title: '控制确认',
      hint: '控制操作需要再次输入您的登录密码。',
      password: '登录密码',
      ok: '确认下发',
    },
  },
  en_US: {
    controlPassword: {
      title: 'Confirm control',
      hint: 'Control actions need your sign-in password again.',
      password: 'Sign-in password',
      ok: 'Confirm and deliver',
    },
  },
  es_ES: {
    controlPassword: {
      title: 'Confirmar control',
      hint: 'Las acciones de control requieren de nuevo su contraseña de acceso.',
      password: 'Contraseña de acceso',
      ok: 'Confirmar y enviar',
    },
  },
  ja_JP: {
    controlPassword: {
      title: '制御の確認',
      hint: '制御操作にはサインインパスワードの再入力が必要です。',
      password: 'サインインパスワード',
      ok: '確認して配信',
    },
  },
});
