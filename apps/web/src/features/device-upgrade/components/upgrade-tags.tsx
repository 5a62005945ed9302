import type { UpgradeDeviceState, UpgradeTaskState, UpgradeWaveState } from '@ess/contract';
import { Tag } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

const TASK_COLORS: Record<UpgradeTaskState, string> = {
  scheduled: 'default',
  running: 'processing',
  paused: 'warning',
  halted: 'error',
  finished: 'success',
  cancelled: 'default',
};
const DEVICE_COLORS: Record<UpgradeDeviceState, string> = {
  pending: 'default',
  upgrading: 'processing',
  success: 'success',
  failure: 'error',
};
export const WAVE_STEP_STATUS: Record<UpgradeWaveState, 'wait' | 'process' | 'finish' | 'error'> = {
  waiting: 'wait',
  running: 'process',
  done: 'finish',
  halted: 'error',
  cancelled: 'wait',
};

export function TaskStateTag({ state }: { state: UpgradeTaskState }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLORS[state]} data-testid="upgrade-task-state" data-state={state}>
      {t(`deviceUpgrade.taskState.${state}`)}
    </Tag>
  );
}

/** What an exported list shows for the tag (list-export.ts). */
TaskStateTag.cellText = ({ state }: { state: UpgradeTaskState }): string =>
  i18next.t(`deviceUpgrade.taskState.${state}`);

export function DeviceStateTag({ state }: { state: UpgradeDeviceState }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEVICE_COLORS[state]} data-state={state}>
      {t(`deviceUpgrade.deviceState.${state}`)}
    </Tag>
  );
}

DeviceStateTag.cellText = ({ state }: { state: UpgradeDeviceState }): string =>
  i18next.t(`deviceUpgrade.deviceState.${state}`);
