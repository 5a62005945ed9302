import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { menus, roleMenus, roles } from '../../../db/schema';

export type MenuRow = typeof menus.$inferSelect;

/**
 * Enabled menu rows (not buttons) shown on the PC platform, by orderNum then id. `roleCodes`
 * null means every row (admin); otherwise the rows granted to one of those enabled roles.
 */
export async function pcMenuRows(db: Db, roleCodes: string[] | null): Promise<MenuRow[]> {
  if (roleCodes?.length === 0) return [];
  const granted = roleCodes
    ? inArray(
        menus.id,
        db
          .select({ id: roleMenus.menuId })
          .from(roleMenus)
          .innerJoin(roles, eq(roles.id, roleMenus.roleId))
          .where(and(inArray(roles.code, roleCodes), eq(roles.enabled, true))),
      )
    : undefined;
  return db
    .select()
    .from(menus)
    .where(and(eq(menus.type, 'menu'), eq(menus.status, 1), inArray(menus.show, ['all', 'pc']), granted))
    .orderBy(asc(menus.orderNum), asc(menus.id));
}

/** Codes of the enabled roles granted each of the menu rows. */
export async function grantedRoleCodes(db: Db, menuIds: number[]): Promise<Map<number, string[]>> {
  const byMenu = new Map<number, string[]>();
  if (menuIds.length === 0) return byMenu;
  const rows = await db
    .select({ menuId: roleMenus.menuId, code: roles.code })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(inArray(roleMenus.menuId, menuIds), eq(roles.enabled, true)))
    .orderBy(asc(roles.code));
  for (const r of rows) byMenu.set(r.menuId, [...(byMenu.get(r.menuId) ?? []), r.code]);
  return byMenu;
}
