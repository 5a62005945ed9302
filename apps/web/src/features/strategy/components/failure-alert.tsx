import { Alert } from 'antd';
import { ApiError } from '@/lib/api/api-error';

/**
 * A failed strategy call in the server's words: what the station lacks (no price template in
 * force, no load history: 409) as a warning, anything else ("compute failed") as an error.
 */
export function FailureAlert({ error, fallback, testId }: { error: Error; fallback: string; testId?: string }) {
  const missing = error instanceof ApiError && error.status === 409;
  return <Alert type={missing ? 'warning' : 'error'} showIcon data-testid={testId} title={error.message || fallback} />;
}
