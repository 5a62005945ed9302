import { menuAdminApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** The whole tree of menu and button rows. */
export const useMenuTree = () => useEndpoint(menuAdminApi.menuTree, {});
