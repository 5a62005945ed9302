import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** A page the user's roles or station do not offer (spec 6 route access). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from: unknown = useLocation().state;
  const path = from && typeof from === 'object' && 'from' in from && typeof from.from === 'string' ? from.from : null;
  return (
    <Result
      status="403"
      title="401"
      subTitle={path ? `${t('errors.noPagePermission')}: ${path}` : t('errors.noPagePermission')}
      extra={
        <Button type="primary" onClick={() => navigate('/surveillance/site-homepage')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
