import { meterRoleApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';

/** A write of a station's meter roles; the shared meter config is read again (connections save through their list). */
export const useUpdateMeterConfig = () =>
  useEndpointMutation(meterRoleApi.meterConfigUpdate, { invalidate: [meterRoleApi.meterConfig] });
