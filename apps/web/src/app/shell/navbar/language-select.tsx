import { TranslationOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@ess/contract';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/lib/i18n';
import { useLang } from '@/lib/i18n/use-lang';
import styles from './navbar.module.css';

/** Interface language; the choice lasts for this browser tab (session storage, spec 4). */
export function LanguageSelect({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{t(`lang.${l}`)}</span> })),
        onClick: ({ key }) => void setLanguage(key as Lang),
      }}
    >
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('nav.language')}
        title={disabled ? t('nav.languageLocked') : t('nav.language')}
        data-testid="language-select"
      >
        <TranslationOutlined className={styles.icon} />
        <span className={styles.langLabel}>{t(`lang.${lang}`)}</span>
      </button>
    </Dropdown>
  );
}
