import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '@/lib/chunk-load';
import styles from './block-boundary.module.css';
import { ErrorBoundary } from './error-boundary';

/**
 * Around one block of a page or one chart: when it throws, it shows a small error with a retry
 * in its place and the rest of the page keeps working. Code that could not be loaded (after a
 * deploy) offers a reload instead.
 */
export function BlockBoundary({ children, height }: { children: ReactNode; height?: number | string }) {
  return (
    <ErrorBoundary fallback={(retry, error) => <BlockError retry={retry} error={error} height={height} />}>
      {children}
    </ErrorBoundary>
  );
}

function BlockError({
  retry,
  error,
  height,
}: {
  retry: () => void;
  error: unknown;
  height: number | string | undefined;
}) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div className={styles.failed} style={{ minHeight: height }} role="alert" data-testid="block-error">
      <WarningOutlined />
      <span>{chunk ? t('errors.chunkFailed') : t('errors.blockFailed')}</span>
      <Button size="small" onClick={chunk ? () => window.location.reload() : retry} data-testid="block-error-retry">
        {chunk ? t('errors.reload') : t('common.retry')}
      </Button>
    </div>
  );
}
