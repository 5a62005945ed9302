import { orgApi, type StationAdmin, shellApi, stationAdminApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import type { LogoChange } from '../components/logo-field';
import type { StationFormValues } from '../components/station-form';

/** What a station write changes: the lists, the national listing, logos and the shell's station tree. */
export const STATION_WRITES = [
  stationAdminApi.stationPage,
  stationAdminApi.stationNation,
  stationAdminApi.stationDetail,
  stationAdminApi.stationGetLogo,
  shellApi.stationTree,
] as const;
const after = { invalidate: STATION_WRITES };

/** The organisation tree a station is placed in. */
export const useStationOrgs = () => useEndpoint(orgApi.orgTree, {});

/** The station dialog's values: the station's fields and what to do with its logo. */
export type StationValues = StationFormValues & { logo?: LogoChange };

/** Adds or updates a station, then sets or removes its logo (which needs the station's id). */
export function useSaveStation() {
  const add = useEndpointMutation(stationAdminApi.stationAdd, after);
  const update = useEndpointMutation(stationAdminApi.stationUpdate, after);
  const uploadLogo = useEndpointMutation(stationAdminApi.stationUploadLogo, after);
  const deleteLogo = useEndpointMutation(stationAdminApi.stationDeleteLogo, after);
  return async ({ logo, ...v }: StationValues, station: StationAdmin | null) => {
    let id: number;
    if (station) {
      await update.mutateAsync({ ...v, id: station.id });
      id = station.id;
    } else {
      id = (await add.mutateAsync(v)).id;
    }
    if (logo?.kind === 'set') await uploadLogo.mutateAsync({ id, data: logo.base64 });
    if (logo?.kind === 'remove' && station?.hasLogo) await deleteLogo.mutateAsync({ id });
  };
}
