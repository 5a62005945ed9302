import { useTranslation } from 'react-i18next';

/** A template's validity in words: a range, an open end, or always. */
export function ValidityText({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation();
  if (from && to) return <>{t('rates.range', { from, to })}</>;
  if (from) return <>{t('rates.openEnd', { from })}</>;
  if (to) return <>{t('rates.openStart', { to })}</>;
  return <>{t('rates.always')}</>;
}
