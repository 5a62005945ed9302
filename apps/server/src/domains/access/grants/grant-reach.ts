import type { Db } from '../../../db/client';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { type GrantReach, orgSubtree } from './grant-rules';
import { enabledRoleIds, orgParents, roleGrants } from './grants.repository';

/**
 * What the caller holds, read from the tables at the call (not the session cache, so a right
 * just removed cannot be handed on): menu rows of their enabled global roles, the organisations
 * their data scope covers (`all`: every one; `org`: their organisation's subtree; `custom`: the
 * chosen ones) and their station scope. Station roles add stations to the scope but grant
 * nothing beyond their station, so they are no source of grants.
 */
export async function grantReachOf(db: Db, caller: SessionUser): Promise<GrantReach> {
  const parents = await orgParents(db);
  if (caller.isAdmin) {
    return {
      userId: caller.userId,
      admin: true,
      menuIds: new Set(),
      orgs: 'all',
      stations: 'all',
      orgParents: parents,
    };
  }
  const held = [...(await roleGrants(db, await enabledRoleIds(db, caller.userId))).values()];
  const menuIds = new Set(held.flatMap((r) => r.menuIds));
  let orgs: 'all' | Set<number>;
  if (caller.groupWide || held.some((r) => r.dataScope === 'all')) orgs = 'all';
  else {
    orgs = new Set<number>();
    for (const r of held) {
      const ids =
        r.dataScope === 'custom' ? r.orgIds : caller.deptId === null ? [] : orgSubtree(parents, caller.deptId);
      for (const id of ids) orgs.add(id);
    }
  }
  const stations = orgs === 'all' && !caller.stationCodes ? 'all' : new Set(await stationIdsInScope(db, caller));
  return { userId: caller.userId, admin: false, menuIds, orgs, stations, orgParents: parents };
}
