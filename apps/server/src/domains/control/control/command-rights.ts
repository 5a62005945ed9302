import {
  COMMAND_ISSUERS,
  CONTROL_PERMS,
  type CommandOrigin,
  controlApi,
  type Endpoint,
  endpointPerms,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../lib/types';
import { stationRoleGrants } from '../../access/station-role';

/** The station power setpoint is the EMS's `pSet` (spec 7 `singapore/setPoint`). */
export const STATION_SETPOINT = 'pSet';

/**
 * Whether `/control/command` reaches a device for this caller: a holder of remote:order:send
 * any device, a holder of cabinet control only integrated cabinets.
 */
export const controlReaches = (user: SessionUser, deviceType: string | null): boolean =>
  user.isAdmin || user.perms.has(CONTROL_PERMS.send) || deviceType === 'cabinet';

/** A stored command as far as the right to issue it goes. */
export type IssuedCommand = {
  origin: CommandOrigin;
  stationId: number;
  deviceType: string | null;
  pointCode: string | null;
};

/** What an issuing call's service limits beyond its access: which targets it reaches. */
const REACHES = new Map<Endpoint, (user: SessionUser, c: IssuedCommand) => boolean>([
  [controlApi.command, (user, c) => controlReaches(user, c.deviceType)],
  [controlApi.setPoint, (_user, c) => c.deviceType === 'ems' && c.pointCode === STATION_SETPOINT],
]);

/**
 * As the session guard decides the call: an administrator, a holder of one of its permissions,
 * or — where the call names a station — a user whose station role at that station grants one.
 */
async function guardAllows(db: Db, user: SessionUser, e: Endpoint, stationId: number): Promise<boolean> {
  const perms = endpointPerms(e);
  if (user.isAdmin || perms.length === 0 || perms.some((p) => user.perms.has(p))) return true;
  return 'station' in e.access && e.access.station !== undefined
    ? stationRoleGrants(db, user.userId, stationId, perms)
    : false;
}

/**
 * Whether the caller may issue this command now, through one of the calls that issue its
 * origin (contract COMMAND_ISSUERS). Withdrawing a command needs it, the issuer's own included:
 * who lost the right to send a command lost the right to withdraw it. The station's scope is
 * the caller's to check.
 */
export async function mayIssue(db: Db, user: SessionUser, c: IssuedCommand): Promise<boolean> {
  for (const e of COMMAND_ISSUERS[c.origin]) {
    const reaches = REACHES.get(e);
    if (reaches && !reaches(user, c)) continue;
    if (await guardAllows(db, user, e, c.stationId)) return true;
  }
  return false;
}
