import { Spin } from 'antd';
import styles from './page-loading.module.css';

/** Spinner while a lazily loaded page or the session data arrives. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? styles.fullscreen : styles.inline} data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}
