import { HOME_PATH } from '@ess/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isChunkLoadError } from '@/lib/chunk-load';
import { useSession } from '@/lib/session/session-store';

/**
 * A page that failed to render, inside the signed-in frame: the navbar and the sidebar's station
 * picker stay usable. Besides retrying and going home, the user can forget the remembered
 * station (the frame then opens the first one), so a station whose page fails on every load
 * cannot lock anyone out.
 */
export function PageErrorPage({ onRetry, error }: { onRetry: () => void; error?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setStation = useSession((s) => s.setStation);
  const home = () => {
    navigate(HOME_PATH);
    onRetry();
  };
  // The page's code could not be loaded even after a reload (a deploy under way): say so.
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title={t('errors.pageFailedTitle')}
        subTitle={t('errors.chunkFailed')}
        data-testid="page-error"
        extra={
          <Button type="primary" onClick={() => window.location.reload()} data-testid="page-error-reload">
            {t('errors.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title={t('errors.pageFailedTitle')}
      subTitle={t('errors.pageFailed')}
      data-testid="page-error"
      extra={[
        <Button key="retry" type="primary" onClick={onRetry} data-testid="page-error-retry">
          {t('common.retry')}
        </Button>,
        <Button key="home" onClick={home} data-testid="page-error-home">
          {t('errors.backHome')}
        </Button>,
        <Button
          key="forget"
          onClick={() => {
            setStation(null);
            home();
          }}
          data-testid="page-error-forget-station"
        >
          {t('errors.forgetStation')}
        </Button>,
      ]}
    />
  );
}
