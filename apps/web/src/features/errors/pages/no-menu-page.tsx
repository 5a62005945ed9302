import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A user whose roles grant no page at this station. */
export function NoMenuPage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('errors.noMenuTitle')} subTitle={t('errors.noMenu')} />;
}
