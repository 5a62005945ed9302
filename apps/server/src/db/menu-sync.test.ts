import { SEED_MENU, type SeedMenu } from '@ess/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { syncBuiltInMenus } from './menu-sync';
import { menus, roleMenus, roles } from './schema';

/** SEED_MENU with one more button under the user page and one more page under system. */
function laterRelease(): SeedMenu[] {
  const clone: SeedMenu[] = structuredClone(SEED_MENU);
  const system = clone.find((m) => m.code === 'system');
  const user = system?.children?.find((m) => m.code === 'system.user');
  if (!system?.children || !user) throw new Error('seed shape changed');
  user.buttons = [
    ...(user.buttons ?? []),
    { code: 'system.user.unlock', perms: 'sys:user:unlock', names: user.names, roles: ['maintainer'] },
  ];
  system.children.push({
    code: 'system.later',
    url: '/system/later',
    names: user.names,
    roles: ['operator'],
    perms: 'sys:later:query',
    buttons: [{ code: 'system.later.add', perms: 'sys:later:add', names: user.names, roles: ['operator'] }],
  });
  return clone;
}

describe('built-in menu sync', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  });
  afterAll(async () => ctx?.close());

  const row = async (code: string) => (await ctx.database.db.select().from(menus).where(eq(menus.code, code)))[0];
  const grantedRoles = async (menuId: number) =>
    (
      await ctx.database.db
        .select({ code: roles.code })
        .from(roleMenus)
        .innerJoin(roles, eq(roles.id, roleMenus.roleId))
        .where(eq(roleMenus.menuId, menuId))
    )
      .map((r) => r.code)
      .sort();

  it('gives a seeded database nothing new, and every system page its query permission', async () => {
    expect(await syncBuiltInMenus(ctx.database.db)).toBe(0);
    const systemPages = SEED_MENU.find((m) => m.code === 'system')?.children ?? [];
    const stored = await ctx.database.db
      .select({ code: menus.code, perms: menus.perms })
      .from(menus)
      .where(
        inArray(
          menus.code,
          systemPages.map((p) => p.code),
        ),
      );
    expect(stored).toHaveLength(systemPages.length);
    for (const p of stored) expect(p.perms).toBe(`sys:${p.code.slice('system.'.length)}:query`);
  });

  it("adds a later release's rows under their parents with the seed's grants, once", async () => {
    const tree = laterRelease();
    expect(await syncBuiltInMenus(ctx.database.db, tree)).toBe(3);
    const user = await row('system.user');
    const unlock = await row('system.user.unlock');
    expect(unlock?.pid).toBe(user?.id);
    expect(unlock?.type).toBe('button');
    expect(await grantedRoles(unlock?.id ?? 0)).toEqual(['maintainer']);
    const later = await row('system.later');
    expect(later?.perms).toBe('sys:later:query');
    expect((await row('system.later.add'))?.pid).toBe(later?.id);
    expect(await syncBuiltInMenus(ctx.database.db, tree)).toBe(0);
  });

  it("keeps an administrator's deletion and edits", async () => {
    const tree = laterRelease();
    await ctx.database.db.delete(menus).where(eq(menus.code, 'system.user.unlock'));
    await ctx.database.db
      .update(menus)
      .set({ perms: 'sys:later:view' })
      .where(and(eq(menus.code, 'system.later')));
    expect(await syncBuiltInMenus(ctx.database.db, tree)).toBe(0);
    expect(await row('system.user.unlock')).toBeUndefined();
    expect((await row('system.later'))?.perms).toBe('sys:later:view');
  });
});
