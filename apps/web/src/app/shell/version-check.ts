import { STORED_VERSION_DEFAULT } from '@ess/contract';

/** What a version check leads to: nothing, storing the shipped version quietly, or the update dialog. */
export type VersionCheck =
  | { kind: 'current' }
  | { kind: 'store'; version: string }
  | { kind: 'offer'; version: string };

/**
 * Spec 4 and 9: the shipped version is compared with the stored one, which is 4.3.4 until a
 * version was stored; when they differ the user is offered the update (update now stores the
 * version and reloads). A page that already runs the shipped build has nothing to reload: it
 * stores the version, as "update now" would, without asking — so a new user on a current build
 * is not asked to reload into the page in front of them, while an old build (a page left open
 * over a release, or one a cache served) is offered the new one.
 */
export function checkVersion(shipped: string, stored: string | null, running: string): VersionCheck {
  if (shipped === (stored ?? STORED_VERSION_DEFAULT)) return { kind: 'current' };
  return shipped === running ? { kind: 'store', version: shipped } : { kind: 'offer', version: shipped };
}
