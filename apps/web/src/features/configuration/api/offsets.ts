import { configApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';

/** Saves calibrations (the list's reset link; the dialog saves through the list page). */
export const useSaveOffset = () => useEndpointMutation(configApi.offsetSave, { invalidate: [configApi.offsetPage] });
