import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { capabilityOf } from '../capability';

/** Routes without sign-in that belong to later capabilities (large screens, dashboards). */
export function PublicNotBuiltPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const capability = capabilityOf(pathname, null);
  return (
    <Result
      icon={<ToolOutlined />}
      title={pathname}
      subTitle={t('notBuilt.subtitle', { capability: t(`capability.${capability}`) })}
      extra={
        <Button type="primary" onClick={() => navigate('/login')}>
          {t('login.toLogin')}
        </Button>
      }
      data-testid="not-built"
    />
  );
}
