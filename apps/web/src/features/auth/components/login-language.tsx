import { LANGS, type Lang } from '@ess/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/lib/i18n';
import { useLang } from '@/lib/i18n/use-lang';
import { langStore } from '@/lib/storage';

/** The login page's language choice; using it makes this a "translation login" (spec 2). */
export function LoginLanguage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Select<Lang>
      value={lang}
      aria-label={t('nav.language')}
      options={LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
      onChange={(l) => {
        langStore.setTranslateLogin();
        void setLanguage(l);
      }}
      style={{ width: 120 }}
      data-testid="login-language"
    />
  );
}
