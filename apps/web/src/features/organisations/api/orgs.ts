import { orgApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** The organisation tree with its counts (the page's rows). */
export const useOrgList = () => useEndpoint(orgApi.orgList, {});

/** The organisation tree as parent choices. */
export const useOrgOptions = () => useEndpoint(orgApi.orgTree, {});

/** What an organisation write changes besides the list. */
export const ORG_WRITES = [orgApi.orgTree] as const;
