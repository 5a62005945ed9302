import { HOME_PATH } from '@ess/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '@/lib/session/api/logout';
import { useSession } from '@/lib/session/session-store';

/**
 * The signed-in frame itself failed (navbar, sidebar or the frame's code): nothing of it can be
 * used, so the way out is a fresh load without the remembered station, or signing out.
 */
export function FrameErrorPage() {
  const { t } = useTranslation();
  const setStation = useSession((s) => s.setStation);
  const reset = useSession((s) => s.reset);
  return (
    <Result
      status="error"
      title={t('errors.frameFailedTitle')}
      subTitle={t('errors.frameFailed')}
      data-testid="frame-error"
      extra={[
        <Button
          key="forget"
          type="primary"
          onClick={() => {
            setStation(null);
            window.location.assign(HOME_PATH);
          }}
          data-testid="frame-error-forget-station"
        >
          {t('errors.forgetStationReload')}
        </Button>,
        <Button
          key="logout"
          onClick={() =>
            void logout().then(() => {
              reset();
              window.location.assign('/login');
            })
          }
          data-testid="frame-error-logout"
        >
          {t('nav.logout')}
        </Button>,
      ]}
    />
  );
}
