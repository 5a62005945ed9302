import { defineLocale } from '@/lib/i18n/feature-locale';
import { en_US } from './en_US';
import { es_ES } from './es_ES';
import { ja_JP } from './ja_JP';
import { zh_CN } from './zh_CN';

/**
 * Texts of the plan curve pages (/strategic-management/plan-curve, plan-curve-issue,
 * history-plan-curve). A template's problems are the server's words, taken from the contract's
 * `planCurveMessages` (components/plan-problem-text.ts) and shown before sending.
 */
export const PLAN_CURVE_LOCALE = defineLocale({ zh_CN, en_US, es_ES, ja_JP });
