import type { CommandState } from '@ess/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd's status presets: blue while in flight, green, red, orange. */
const COLORS: Record<CommandState, string> = {
  pending: 'processing',
  sent: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
  cancelled: 'default',
};

/** A command's delivery state (spec 4: in progress, success, failure, timeout; or cancelled). */
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid={`command-state-${state}`}>
      {t(`command.state.${state}`)}
    </Tag>
  );
}
