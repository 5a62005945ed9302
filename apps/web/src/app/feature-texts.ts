import type { Lang } from '@ess/contract';

/**
 * Every feature's texts, one chunk per language (./feature-texts/): the signed-in frame loads
 * the shown language's, and another language's on a switch to it (`provideFeatureTexts`).
 * Their keys are typed through ./feature-locales.ts, which a test holds them equal to.
 */
export const FEATURE_TEXTS: Record<Lang, () => Promise<object>> = {
  zh_CN: async () => (await import('./feature-texts/zh_CN')).zh_CN,
  en_US: async () => (await import('./feature-texts/en_US')).en_US,
  es_ES: async () => (await import('./feature-texts/es_ES')).es_ES,
  ja_JP: async () => (await import('./feature-texts/ja_JP')).ja_JP,
};
