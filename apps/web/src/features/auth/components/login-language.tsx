import { LANGS, type Lang } from '@ess/contract';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/lib/i18n';
import { useLang } from '@/lib/i18n/use-lang';
import { langStore } from '@/lib/storage';
import styles from './login-language.module.css';

/**
 * The login page's language choice; using it makes this a "translation login" (spec 2).
 * A native select: antd's Select would add ~30 KiB (gzip) to the page everyone loads first.
 */
export function LoginLanguage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <select
      className={styles.select}
      value={lang}
      aria-label={t('nav.language')}
      onChange={(e) => {
        langStore.setTranslateLogin();
        void setLanguage(e.target.value as Lang);
      }}
      data-testid="login-language"
    >
      {LANGS.map((l) => (
        <option key={l} value={l}>
          {t(`lang.${l}`)}
        </option>
      ))}
    </select>
  );
}
