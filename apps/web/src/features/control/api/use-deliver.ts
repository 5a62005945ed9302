import { controlApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useControlPassword } from '@/components/control-password';
import { call } from '@/lib/api/client';
import { refreshControl } from './control-refresh';

/**
 * The page's control calls, each behind the password dialog: a device's point, or the station's
 * power setpoint. Each resolves to the new command's id, or null when the user cancelled.
 */
export function useDeliver() {
  const password = useControlPassword();
  const qc = useQueryClient();
  const settle = (answer: { id: number } | undefined): number | null => {
    if (!answer) return null;
    void refreshControl(qc);
    return answer.id;
  };
  return {
    modal: password.modal,
    command: async (input: { deviceId: number; pointCode: string; value: number }, description: ReactNode) =>
      settle(
        await password.confirm((sealed, opts) => call(controlApi.command, { ...input, ...sealed }, opts), {
          description,
        }),
      ),
    stationSetPoint: async (input: { stationId: number; value: number }, description: ReactNode) =>
      settle(
        await password.confirm((sealed, opts) => call(controlApi.setPoint, { ...input, ...sealed }, opts), {
          description,
        }),
      ),
  };
}
