import type { Lang } from '@ess/contract';

/**
 * Texts of alarm notifications in the recipient's language (sys_user.lang, else Chinese).
 * Kept with the module rather than in i18n/messages.ts: they are message bodies, not API errors.
 */
type Texts = {
  levels: [string, string, string, string];
  subject: (level: string, station: string, content: string) => string;
  digestSubject: (n: number, station: string) => string;
  line: (time: string, level: string, content: string) => string;
  more: (n: number) => string;
  footer: string;
  testSubject: string;
  testBody: string;
  /** Sender name of in-app notices. */
  sender: string;
};

const TEXTS: Record<Lang, Texts> = {
  zh_CN: {
    levels: ['紧急', '重要', '次要', '提示'],
    subject: (l, s, c) => `【${l}告警】${s}：${c}`,
    digestSubject: (n, s) => `【告警汇总】${s} 共 ${n} 条告警`,
    line: (t, l, c) => `${t} [${l}] ${c}`,
    more: (n) => `另有 ${n} 条`,
    footer: '请登录储能平台确认告警；确认后将不再提醒。',
    testSubject: '【测试】储能平台告警通知',
    testBody: '这是一条测试通知，说明该渠道可以送达。',
    sender: '告警通知',
  },
  en_US: {
    levels: ['Critical', 'Major', 'Minor', 'Hint'],
    subject: (l, s, c) => `[${l} alarm] ${s}: ${c}`,
    digestSubject: (n, s) => `[Alarm digest] ${n} alarms at ${s}`,
    line: (t, l, c) => `${t} [${l}] ${c}`,
    more: (n) => `and ${n} more`,
    footer: 'Sign in to the energy-storage platform to confirm; confirmed alarms are not repeated.',
    testSubject: '[Test] Energy-storage platform alarm notification',
    testBody: 'This is a test notification: this channel can reach you.',
    sender: 'Alarm notifications',
  },
  es_ES: {
    levels: ['Crítica', 'Mayor', 'Menor', 'Aviso'],
    subject: (l, s, c) => `[Alarma ${l.toLowerCase()}] ${s}: ${c}`,
    digestSubject: (n, s) => `[Resumen de alarmas] ${n} alarmas en ${s}`,
    line: (t, l, c) => `${t} [${l}] ${c}`,
    more: (n) => `y ${n} más`,
    footer: 'Inicie sesión en la plataforma de almacenamiento para confirmar; las alarmas confirmadas no se repiten.',
    testSubject: '[Prueba] Notificación de alarmas de la plataforma',
    testBody: 'Esta es una notificación de prueba: este canal le llega.',
    sender: 'Notificaciones de alarmas',
  },
  ja_JP: {
    levels: ['緊急', '重大', '軽微', '通知'],
    subject: (l, s, c) => `【${l}アラーム】${s}：${c}`,
    digestSubject: (n, s) => `【アラーム集約】${s} で ${n} 件のアラーム`,
    line: (t, l, c) => `${t} [${l}] ${c}`,
    more: (n) => `ほか ${n} 件`,
    footer: '蓄電プラットフォームにログインして確認してください。確認済みのアラームは再通知されません。',
    testSubject: '【テスト】蓄電プラットフォームのアラーム通知',
    testBody: 'これはテスト通知です。このチャネルで届きます。',
    sender: 'アラーム通知',
  },
};

export const notifyTexts = (lang: Lang): Texts => TEXTS[lang];
export const levelName = (lang: Lang, level: number): string =>
  TEXTS[lang].levels[Math.min(Math.max(level, 1), 4) - 1] ?? String(level);
