import {
  flattenSeedMenu,
  type Lang,
  type MenuAddBody,
  type MenuAdminNode,
  type MenuAdminRow,
  type MenuProblem,
  type MenuUpdateBody,
  menuFieldProblem,
  menuParentProblem,
  parseMenuPerms,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { grantRefused } from '../grants';
import type { SessionsChanged } from '../user';
import {
  allMenuRows,
  deleteMenu,
  existingStationCount,
  findMenu,
  hasChildren,
  insertMenu,
  menuCodeTaken,
  menuShape,
  updateMenu,
} from './menu-admin.repository';
import { buildAdminTree, toAdminRow } from './menu-admin-tree';
import { localName } from './menu-tree';

const PROBLEM_KEYS: Record<MenuProblem, MessageKey> = {
  nameRequired: 'menuNameRequired',
  codeFormat: 'menuCodeFormat',
  permsFormat: 'menuPermsFormat',
  urlFormat: 'menuUrlFormat',
  iconFormat: 'menuIconFormat',
  colorFormat: 'menuColorFormat',
  buttonRoot: 'menuButtonRoot',
  parentMissing: 'menuParentMissing',
  parentSelf: 'menuParentSelf',
  parentDescendant: 'menuParentDescendant',
  parentButton: 'menuParentButton',
  buttonWithChildren: 'menuButtonWithChildren',
};

/** A permission list in the one spelling rows are stored in. */
const samePerms = (perms: string | null): string | null => parseMenuPerms(perms)?.join(',') || null;

const problem = (p: MenuProblem) => new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEYS[p]);
const codeTaken = (code: string) => new AppError(409, ResultCode.CONFLICT, 'menuCodeTaken', { code });

/** Codes of the seeded menu table, pages and buttons (what a release ships). */
const BUILT_IN_CODES: ReadonlySet<string> = new Set(
  flattenSeedMenu().flatMap((m) => [m.code, ...(m.buttons ?? []).map((b) => b.code)]),
);

/** SQLSTATE 23505: a unique key refused the row (a code taken by a concurrent call). */
const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';

/**
 * Menu management (菜单管理). `exclusiveMenu` reads the rows per call, so an edit shows in users'
 * menus at their next menu load; the permissions the rows carry are cached with each session,
 * so every edit drops the cached sessions (of every instance). A row's permissions are what
 * every role holding it grants, so only administrators set or change them (docs/architecture.md
 * "Who may grant what"): a menu maintainer renames, moves, orders and hides rows.
 */
export class MenuAdminService {
  constructor(
    private readonly db: Db,
    private readonly sessionsChanged: SessionsChanged,
  ) {}

  async tree(lang: Lang): Promise<MenuAdminNode[]> {
    return buildAdminTree(await allMenuRows(this.db), lang, BUILT_IN_CODES);
  }

  async detail(id: number, lang: Lang): Promise<MenuAdminRow> {
    const row = await findMenu(this.db, id);
    if (!row) throw notFound('menuNotFound');
    return toAdminRow(row, lang, BUILT_IN_CODES);
  }

  async add(caller: SessionUser, b: MenuAddBody): Promise<{ id: number }> {
    const body = await this.normalised(b);
    if (!caller.isAdmin && body.perms !== null) throw grantRefused('menuPermsAdminOnly');
    const added = await this.db.transaction(async (tx) => {
      // The parent row is locked so a concurrent delete cannot leave the new row orphaned.
      if (body.pid !== 0) await findMenu(tx, body.pid, 'share');
      const p = menuParentProblem({ id: null, pid: body.pid, type: body.type }, await menuShape(tx));
      if (p) throw problem(p);
      if (await menuCodeTaken(tx, body.code)) throw codeTaken(body.code);
      const id = await insertMenu(tx, body);
      if (id === null) throw codeTaken(body.code);
      return { id };
    });
    this.sessionsChanged({ all: true });
    return added;
  }

  async update(caller: SessionUser, b: MenuUpdateBody): Promise<null> {
    const { id, ...rest } = b;
    const body = await this.normalised(rest);
    try {
      await this.db.transaction(async (tx) => {
        const current = await findMenu(tx, id, 'update');
        if (!current) throw notFound('menuNotFound');
        if (!caller.isAdmin && samePerms(current.perms) !== body.perms) throw grantRefused('menuPermsAdminOnly');
        if (body.pid !== 0 && body.pid !== id) await findMenu(tx, body.pid, 'share');
        const p = menuParentProblem({ id, pid: body.pid, type: body.type }, await menuShape(tx));
        if (p) throw problem(p);
        if (await menuCodeTaken(tx, body.code, id)) throw codeTaken(body.code);
        await updateMenu(tx, id, body);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(body.code);
      throw err;
    }
    this.sessionsChanged({ all: true });
    return null;
  }

  /** Refused while rows hang below it; role grants of the row are removed with it. */
  async delete(id: number, lang: Lang): Promise<null> {
    await this.db.transaction(async (tx) => {
      const row = await findMenu(tx, id, 'update');
      if (!row) throw notFound('menuNotFound');
      if (await hasChildren(tx, id)) {
        throw new AppError(409, ResultCode.CONFLICT, 'menuHasChildren', { name: localName(row, lang) });
      }
      await deleteMenu(tx, id);
    });
    this.sessionsChanged({ all: true });
    return null;
  }

  /** The field rules, the permission list in one spelling, and the stations it names exist. */
  private async normalised<B extends MenuAddBody>(b: B): Promise<B> {
    const p = menuFieldProblem(b);
    if (p) throw problem(p);
    const perms = samePerms(b.perms ?? null);
    const stationIds = [...new Set(b.stationIds)];
    if ((await existingStationCount(this.db, stationIds)) !== stationIds.length) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'menuStationMissing');
    }
    return { ...b, perms, stationIds };
  }
}
