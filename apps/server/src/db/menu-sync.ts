import { SEED_MENU, type SeedMenu } from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { menus, roleMenus, roles, settings } from './schema';

/** Codes of built-in rows this database has already been given (or whose removal it keeps). */
const KNOWN_KEY = 'menu.builtin.codes';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = { id: number; perms: string | null };

/**
 * Brings built-in menu and button rows added by a later release into an existing database:
 * a seeded code the database has never been given is inserted under its parent with the seed's
 * role grants, and a page permission the release introduced is filled in where the row has
 * none. A code given once is never re-added, so an administrator's deletion or edit stands.
 * Returns how many rows were inserted.
 */
export async function syncBuiltInMenus(db: Db, tree: SeedMenu[] = SEED_MENU): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: KNOWN_KEY, value: [] }).onConflictDoNothing();
    // The row lock serialises instances starting together.
    const [setting] = await tx.select().from(settings).where(eq(settings.key, KNOWN_KEY)).for('update');
    const known = new Set(Array.isArray(setting?.value) ? (setting.value as string[]) : []);
    const rows = new Map<string, Row>(
      (await tx.select({ code: menus.code, id: menus.id, perms: menus.perms }).from(menus)).map((r) => [r.code, r]),
    );
    const roleIds = new Map(
      (await tx.select({ id: roles.id, code: roles.code }).from(roles)).map((r) => [r.code, r.id]),
    );
    let added = 0;

    const ensure = async (
      code: string,
      pid: number | undefined,
      values: Omit<typeof menus.$inferInsert, 'pid' | 'code'>,
      grantTo: readonly string[],
    ): Promise<void> => {
      const row = rows.get(code);
      if (row) {
        const permsKey = `${code}#perms`;
        if (values.perms && row.perms === null && !known.has(permsKey)) {
          await tx.update(menus).set({ perms: values.perms }).where(eq(menus.id, row.id));
          row.perms = values.perms;
        }
        if (values.perms) known.add(permsKey);
      } else if (!known.has(code) && pid !== undefined) {
        const [made] = await tx
          .insert(menus)
          .values({ ...values, pid, code })
          .returning({ id: menus.id });
        if (made) {
          rows.set(code, { id: made.id, perms: values.perms ?? null });
          await grant(tx, made.id, grantTo, roleIds);
          added++;
        }
        if (values.perms) known.add(`${code}#perms`);
      }
      known.add(code);
    };

    const walk = async (items: SeedMenu[], parent: string | null): Promise<void> => {
      for (const [i, m] of items.entries()) {
        const pid = parent === null ? 0 : rows.get(parent)?.id;
        await ensure(
          m.code,
          pid,
          {
            name: m.names.zh_CN,
            names: m.names,
            url: m.url,
            icon: m.icon ?? null,
            perms: m.perms ?? null,
            type: 'menu',
            show: m.show ?? 'all',
            orderNum: i + 1,
            hidden: m.hidden ?? false,
            external: m.external ?? false,
            stationTypes: m.stationTypes ?? [],
          },
          m.roles,
        );
        for (const [j, b] of (m.buttons ?? []).entries()) {
          await ensure(
            b.code,
            rows.get(m.code)?.id,
            { name: b.names.zh_CN, names: b.names, perms: b.perms, type: 'button', orderNum: j + 1 },
            b.roles,
          );
        }
        await walk(m.children ?? [], m.code);
      }
    };
    await walk(tree, null);
    await tx
      .update(settings)
      .set({ value: [...known].sort(), updateTime: new Date() })
      .where(eq(settings.key, KNOWN_KEY));
    return added;
  });
}

async function grant(tx: Tx, menuId: number, codes: readonly string[], roleIds: Map<string, number>): Promise<void> {
  // Admin holds every row without grants (as the seed does).
  const values = [...new Set(codes)].flatMap((c) => {
    const roleId = roleIds.get(c);
    return roleId ? [{ roleId, menuId }] : [];
  });
  if (values.length > 0) await tx.insert(roleMenus).values(values).onConflictDoNothing();
}
