import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './block-card.module.css';

type Props = {
  title: ReactNode;
  extra?: ReactNode;
  /** First load still running. */
  loading?: boolean;
  /** The call failed (its message was already shown as a toast, spec 8). */
  failed?: boolean;
  onRetry?: () => void;
  /** Shown instead of the children when set: the block has nothing to show. */
  empty?: ReactNode;
  testId?: string;
  children?: ReactNode;
};

/** The frame every home-page block shares: title, and its loading, error and empty states. */
export function BlockCard({ title, extra, loading, failed, onRetry, empty, testId, children }: Props) {
  const { t } = useTranslation();
  let body: ReactNode = children;
  if (loading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (failed)
    body = (
      <div className={styles.state}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('siteHome.loadFailed')} />
        {onRetry && (
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  else if (empty)
    body = (
      <div className={styles.state}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      </div>
    );
  return (
    <Card title={title} extra={extra} className={styles.card} data-testid={testId}>
      {body}
    </Card>
  );
}
