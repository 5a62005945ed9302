import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './privacy-page.module.css';

const SECTIONS = ['collect', 'use', 'keep', 'share', 'rights', 'contact'] as const;

/** The platform's privacy notice (linked from the login page and the mobile app). */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <article className={styles.page}>
      <Typography.Title level={2}>{t('privacy.title')}</Typography.Title>
      <Typography.Paragraph>{t('privacy.intro')}</Typography.Paragraph>
      {SECTIONS.map((s) => (
        <section key={s}>
          <Typography.Title level={4}>{t(`privacy.${s}.title`)}</Typography.Title>
          <Typography.Paragraph>{t(`privacy.${s}.body`)}</Typography.Paragraph>
        </section>
      ))}
    </article>
  );
}
