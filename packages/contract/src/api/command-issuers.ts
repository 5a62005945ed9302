import type { CommandOrigin } from '../command';
import { configApi } from './config-api';
import { controlApi } from './control-api';
import { type Endpoint, endpointPerms } from './endpoint';
import { planCurveApi } from './plan-curve-api';
import { remoteFileApi } from './remote-file-api';
import { sequenceApi } from './sequence-api';
import { upgradeApi } from './upgrade-api';

/**
 * The calls that issue each origin of command. Withdrawing a command needs what issuing it
 * needs (IEC 62443-3-3 SR 2.1): the access of one of these calls as the session guard decides
 * it — one of its permissions, or where the call names a station, the caller's station role at
 * the command's station — and the station in the caller's scope; the issuer too.
 */
export const COMMAND_ISSUERS = {
  control: [controlApi.command, controlApi.setPoint],
  configSync: [configApi.siteSync],
  virtualSync: [configApi.virtualSync],
  planCurve: [planCurveApi.deliver],
  sequenceStep: [sequenceApi.run],
  upgrade: [upgradeApi.upgradeTaskAdd],
  filePush: [remoteFileApi.remoteFilePush],
  filePull: [remoteFileApi.remoteFilePull],
} as const satisfies Record<CommandOrigin, readonly Endpoint[]>;

/** The permissions that issue a command of this origin (any one of them, admins hold all). */
export const commandIssuePerms = (origin: CommandOrigin): string[] => [
  ...new Set(COMMAND_ISSUERS[origin].flatMap((e: Endpoint) => endpointPerms(e))),
];
