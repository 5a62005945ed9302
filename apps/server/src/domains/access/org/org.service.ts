import {
  checkPhone,
  type Lang,
  type OrgBody,
  type OrgNode,
  type OrgOption,
  type OrgUpdateBody,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { rowName } from '../../stations/device';
import type { SessionsChanged } from '../user';
import { phoneError, sqlState } from './field-errors';
import {
  codeTaken,
  deleteLeafOrg,
  findOrg,
  insertOrg,
  type OrgRow,
  orgHoldings,
  selectOrgs,
  subtreeIds,
  updateOrg,
} from './org.repository';
import { inOrgScope, orgIdsInScope } from './org-scope';

const codeConflict = (code: string) => new AppError(409, ResultCode.CONFLICT, 'orgCodeTaken', { code });

/**
 * Rows as a forest: each row under its parent when the parent is among `rows`, else a root
 * (so a scoped caller's own organisation is the root of what they see). Rows keep their order.
 */
function forest<T extends { id: number; pid: number; children: T[] }>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of rows) {
    const parent = r.pid === r.id ? undefined : byId.get(r.pid);
    if (parent) parent.children.push(r);
    else roots.push(r);
  }
  return roots;
}

export class OrgService {
  constructor(
    private readonly db: Db,
    /** Moving an organisation changes which stations the users of its new and old parents see. */
    private readonly sessionsChanged: SessionsChanged,
  ) {}

  private async visibleRows(user: SessionUser): Promise<OrgRow[]> {
    const scope = await orgIdsInScope(this.db, user);
    return (await selectOrgs(this.db)).filter((r) => inOrgScope(scope, r.id));
  }

  async tree(user: SessionUser, lang: Lang): Promise<OrgNode[]> {
    const rows = await this.visibleRows(user);
    return forest(
      rows.map((r) => ({
        id: r.id,
        pid: r.pid,
        name: rowName(r, lang),
        code: r.code,
        orderNum: r.orderNum,
        leader: r.leader,
        phone: r.phone,
        stationCount: r.stationCount,
        userCount: r.userCount,
        createTime: r.createTime.toISOString(),
        children: [],
      })),
    );
  }

  async options(user: SessionUser, lang: Lang): Promise<OrgOption[]> {
    const rows = await this.visibleRows(user);
    return forest(rows.map((r) => ({ id: r.id, pid: r.pid, name: rowName(r, lang), code: r.code, children: [] })));
  }

  /** The parent must exist in the caller's scope; a root (0) needs a caller who sees every organisation. */
  private async checkParent(scope: Set<number> | null, pid: number): Promise<void> {
    if (pid === 0) {
      if (scope !== null) throw new AppError(400, ResultCode.BAD_REQUEST, 'orgRootOnlyAdmin');
      return;
    }
    if (!inOrgScope(scope, pid) || !(await findOrg(this.db, pid))) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'orgParentNotFound');
    }
  }

  private checkPhone(b: OrgBody): void {
    // Optional here; when given it follows spec 5's rules.
    if (b.phone) {
      const problem = checkPhone(b.phone);
      if (problem) throw phoneError(problem);
    }
  }

  async add(user: SessionUser, b: OrgBody): Promise<{ id: number }> {
    this.checkPhone(b);
    const scope = await orgIdsInScope(this.db, user);
    await this.checkParent(scope, b.pid);
    if (await codeTaken(this.db, b.code)) throw codeConflict(b.code);
    const id = await insertOrg(this.db, b);
    if (id === null) throw codeConflict(b.code);
    return { id };
  }

  async update(user: SessionUser, b: OrgUpdateBody, lang: Lang): Promise<null> {
    this.checkPhone(b);
    const scope = await orgIdsInScope(this.db, user);
    const current = inOrgScope(scope, b.id) ? await findOrg(this.db, b.id) : undefined;
    if (!current) throw notFound('orgNotFound');
    if (b.pid !== current.pid) {
      if (b.pid !== 0 && (await subtreeIds(this.db, b.id)).includes(b.pid)) {
        throw new AppError(400, ResultCode.BAD_REQUEST, 'orgMoveIntoItself');
      }
      await this.checkParent(scope, b.pid);
    }
    if (await codeTaken(this.db, b.code, b.id)) throw codeConflict(b.code);
    // The name as shown in this language came back: the translations stay; a new one is as typed.
    await updateOrg(this.db, b.id, b, b.name !== rowName(current, lang));
    if (b.pid !== current.pid) this.sessionsChanged({ all: true });
    return null;
  }

  async remove(user: SessionUser, id: number, lang: Lang): Promise<null> {
    const scope = await orgIdsInScope(this.db, user);
    const org = inOrgScope(scope, id) ? await findOrg(this.db, id) : undefined;
    if (!org) throw notFound('orgNotFound');
    await this.refuseIfHeld(org.name, id, lang);
    let deleted: boolean;
    try {
      deleted = await deleteLeafOrg(this.db, id);
    } catch (err) {
      // A station or user was added to it between the check and the delete (foreign key).
      if (sqlState(err) !== '23503') throw err;
      deleted = false;
    }
    if (!deleted) {
      await this.refuseIfHeld(org.name, id, lang);
      throw notFound('orgNotFound');
    }
    return null;
  }

  /** 409 naming what the organisation still holds: child organisations, stations, users. */
  private async refuseIfHeld(name: string, id: number, lang: Lang): Promise<void> {
    const held = await orgHoldings(this.db, id);
    const what = [
      held.orgs ? translate(lang, 'orgHoldsOrgs', { n: held.orgs }) : null,
      held.stations ? translate(lang, 'orgHoldsStations', { n: held.stations }) : null,
      held.users ? translate(lang, 'orgHoldsUsers', { n: held.users }) : null,
    ].filter((w): w is string => w !== null);
    if (what.length) {
      throw new AppError(409, ResultCode.CONFLICT, 'orgInUse', {
        name,
        what: what.join(translate(lang, 'listJoin')),
      });
    }
  }
}
