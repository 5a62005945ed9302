import type { ModelSaveResult } from '@ess/contract';
import { notify } from '@/lib/api/notifier';

/** What a saved point list did to the model's devices. */
export function reportSaved(
  r: ModelSaveResult,
  t: (k: 'equipment.devicePointsAdded' | 'equipment.pending', o: Record<string, unknown>) => string,
) {
  if (r.devicePointsAdded > 0) notify.success(t('equipment.devicePointsAdded', { count: r.devicePointsAdded }));
  if (r.pendingRemoval.length > 0)
    notify.warning(t('equipment.pending', { codes: r.pendingRemoval.map((p) => p.code).join(', ') }));
}
