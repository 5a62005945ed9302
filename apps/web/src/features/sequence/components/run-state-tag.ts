import type { SequenceRunState } from '@ess/contract';

/** antd's status presets for a run: blue while running, green, red, grey. */
export const SEQUENCE_RUN_TAG: Record<SequenceRunState, string> = {
  running: 'processing',
  success: 'success',
  failed: 'error',
  cancelled: 'default',
};
