import type { TransferState } from '@ess/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TransferState, string> = {
  pending: 'default',
  sent: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
  cancelled: 'default',
};

export function TransferStateTag({ state }: { state: TransferState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`remoteFiles.state.${state}`)}
    </Tag>
  );
}
