import { defineLocale } from '@/lib/i18n/feature-locale';

/** Delivery states of a command (spec 4: in progress, success, failure, timeout), shared by every control page. */
export const COMMAND_LOCALE = defineLocale({
  zh_CN: {
    command: {
      state: {
        pending: '待下发',
        sent: '下发中',
        success: '成功',
        failure: '失败',
        timeout: '超时',
        cancelled: '已取消',
      },
    },
  },
  en_US: {
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
  },
  es_ES: {
    command: {
      state: {
        pending: 'Pendiente',
        sent: 'En curso',
        success: 'Correcto',
        failure: 'Fallo',
        timeout: 'Tiempo agotado',
        cancelled: 'Cancelado',
      },
    },
  },
  ja_JP: {
    command: {
      state: {
        pending: '待機中',
        sent: '配信中',
        success: '成功',
        failure: '失敗',
        timeout: 'タイムアウト',
        cancelled: '取消済み',
      },
    },
  },
});
