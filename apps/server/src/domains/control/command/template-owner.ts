import { ResultCode } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';

/**
 * A template of commands (sequential control steps, a plan curve): built in with the platform,
 * shared by every station (`stationId` null), or one station's own.
 */
export type OwnedTemplate = { builtIn?: boolean; stationId: number | null };

/**
 * Who may change a template that sends commands (issue 20 finding 5; IEC 62443-3-3 SR 2.1 least
 * privilege): a built-in or shared template is run at every station, so a change to it reaches
 * stations its editor does not operate; only administrators change those, others copy one to a
 * station of theirs and edit the copy. A station's own template is changed by whoever has the
 * station in scope (the caller has already found it visible).
 */
export const mayEditTemplate = (user: SessionUser, t: OwnedTemplate): boolean =>
  user.isAdmin || (!t.builtIn && t.stationId !== null);

/** 403 "built-in template: copy it to edit" (or "template for every station: …") unless the caller may change it. */
export function assertTemplateEditable(user: SessionUser, t: OwnedTemplate): void {
  if (mayEditTemplate(user, t)) return;
  throw new AppError(403, ResultCode.FORBIDDEN, t.builtIn ? 'templateBuiltInReadOnly' : 'templateSharedReadOnly');
}

/**
 * Where a template added or changed may belong: every station (null) only for administrators
 * (403 otherwise), a station only if it is in the caller's scope (404 like a missing one).
 */
export async function assertTemplateStation(db: Db, user: SessionUser, stationId: number | null): Promise<void> {
  if (stationId === null) {
    if (!user.isAdmin) throw new AppError(403, ResultCode.FORBIDDEN, 'templateSharedAdminOnly');
    return;
  }
  await assertStationInScope(db, user, stationId);
}
