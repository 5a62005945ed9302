import { type Lang, normalizeLang } from '@ess/contract';
import { useTranslation } from 'react-i18next';

/** The interface language, re-rendering on change. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return normalizeLang(i18n.language);
}
