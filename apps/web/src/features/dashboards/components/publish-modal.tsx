import { type DashboardRow, dashboardApi } from '@ess/contract';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { usePlatformTime } from '@/lib/format/platform-time';
import styles from './link-modal.module.css';

/**
 * A published dashboard's address: the token in the fragment (`#token=`), which browsers never
 * send to a server nor put in a Referer, so it stays out of access logs and other sites.
 */
export const publishedUrl = (path: '/dashboard-test' | '/dashboard-zhongzi', token: string) =>
  `${window.location.origin}${path}#token=${encodeURIComponent(token)}`;

/** Makes, replaces or revokes a dashboard's link; a new token is shown once, with both looks. */
export function PublishModal({ dashboard, onClose }: { dashboard: DashboardRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const invalidate = { invalidate: [dashboardApi.dashboardList] };
  const publish = useEndpointMutation(dashboardApi.dashboardPublish, invalidate);
  const revoke = useEndpointMutation(dashboardApi.dashboardUnpublish, invalidate);
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    if (dashboard === null) setToken(null);
  }, [dashboard]);
  if (!dashboard) return null;
  const make = () =>
    publish.mutateAsync({ id: dashboard.id }).then(
      (r) => setToken(r.token),
      () => undefined,
    );
  const end = () =>
    revoke.mutateAsync({ id: dashboard.id }).then(
      () => {
        setToken(null);
        notify.success(t('dashboards.revoked'));
      },
      () => undefined,
    );
  const copy = (url: string) =>
    navigator.clipboard?.writeText(url).then(
      () => notify.success(t('dashboards.copied')),
      () => undefined,
    );
  return (
    <Modal
      open
      title={t('dashboards.publishTitle', { name: dashboard.name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="dashboard-publish"
    >
      <Typography.Paragraph type="secondary">{t('dashboards.publishHint')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="dashboard-publish-state">
        {dashboard.publishedAt
          ? t('dashboards.publishedAt', { at: clock.shortDateTime(dashboard.publishedAt) })
          : t('dashboards.notPublished')}
      </Typography.Paragraph>
      {token && (
        <Flex vertical gap={8} className={styles.once}>
          <Typography.Text strong>{t('dashboards.linkOnce')}</Typography.Text>
          {(
            [
              ['/dashboard-test', t('dashboards.lightLink')],
              ['/dashboard-zhongzi', t('dashboards.wallLink')],
            ] as const
          ).map(([path, label]) => (
            <Flex key={path} gap={8} align="center">
              <Typography.Text className={styles.label}>{label}</Typography.Text>
              <Input readOnly value={publishedUrl(path, token)} data-testid={`dashboard-link-${path.slice(1)}`} />
              <Button onClick={() => copy(publishedUrl(path, token))}>{t('dashboards.copy')}</Button>
            </Flex>
          ))}
        </Flex>
      )}
      <Flex gap={8} justify="flex-end">
        {dashboard.publishedAt && (
          <Button danger onClick={end} loading={revoke.isPending} data-testid="dashboard-revoke">
            {t('dashboards.revoke')}
          </Button>
        )}
        <Button type="primary" onClick={make} loading={publish.isPending} data-testid="dashboard-make-link">
          {dashboard.publishedAt ? t('dashboards.publishReplace') : t('dashboards.publishNew')}
        </Button>
      </Flex>
    </Modal>
  );
}
