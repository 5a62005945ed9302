import { meterRoleApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';

/** Writes of a station's meter roles and connections; the shared meter config is read again. */
export const useUpdateMeterConfig = () =>
  useEndpointMutation(meterRoleApi.meterConfigUpdate, { invalidate: [meterRoleApi.meterConfig] });

export const useUpdateMeterConnection = () =>
  useEndpointMutation(meterRoleApi.meterConnectionUpdate, { invalidate: [meterRoleApi.meterConfig] });
