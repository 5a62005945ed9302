import { dashboardApi } from '@ess/contract';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';
import { DashboardGrid } from '../components/dashboard-grid';
import styles from './published-dashboard-page.module.css';

const REFRESH_MS = 10_000;

/** The link's token: in the fragment (`#token=…`), never sent to a server in the address. */
export const tokenOf = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('token');

/**
 * A dashboard published through a link, without sign-in (/dashboard-test: a light page,
 * /dashboard-zhongzi: the dark wall look): its widgets only, read as its owner is now and
 * refreshed every 10 s; a revoked link says so in the server's words.
 */
export function PublishedDashboardPage({ tone }: { tone: 'page' | 'wall' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const view = useEndpoint(dashboardApi.dashboardPublic, token ? { token } : null, {
    refetchInterval: REFRESH_MS,
    call: { silent: true },
    retry: false,
  });
  const look = `${styles.page} ${tone === 'wall' ? styles.wall : styles.light}`;
  if (!token) return <div className={`${look} ${styles.message}`}>{t('publicDashboard.noToken')}</div>;
  if (view.isError && !view.data) {
    return (
      <div className={`${look} ${styles.message}`} data-testid="published-dashboard-error">
        {view.error.message}
      </div>
    );
  }
  if (!view.data) {
    return (
      <div className={look}>
        <Skeleton active />
      </div>
    );
  }
  const d = view.data;
  return (
    <div className={look} data-testid="published-dashboard">
      <header className={styles.head}>
        <h1 className={styles.name}>{d.name}</h1>
        <span className={styles.note}>{t('publicDashboard.readOnly')}</span>
        <span className={styles.note}>{t('publicDashboard.updated', { ago: f.ago(view.dataUpdatedAt) })}</span>
      </header>
      <ErrorBoundary
        fallback={(retry) => (
          <Result
            status="warning"
            title={t('errors.pageFailedTitle')}
            extra={<Button onClick={retry}>{t('common.retry')}</Button>}
          />
        )}
      >
        <DashboardGrid widgets={d.widgets} data={d.data} tone={tone} />
      </ErrorBoundary>
    </div>
  );
}
