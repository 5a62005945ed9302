import { homeConfigApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** A station's default home page blocks (null: no station chosen yet). */
export const useHomeDefault = (stationId: number | null) =>
  useEndpoint(homeConfigApi.homeDefault, stationId === null ? null : { stationId });

export const useSaveHomeDefault = () =>
  useEndpointMutation(homeConfigApi.homeDefaultSave, { invalidate: [homeConfigApi.homeDefault] });

/** Users' own home layouts give way to the default; each user's home answer changes. */
export const useResetUserHomes = () =>
  useEndpointMutation(homeConfigApi.homeDefaultResetUsers, { invalidate: [homeConfigApi.homeConfig] });
