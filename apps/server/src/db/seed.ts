import { SEED_MENU, type SeedMenu } from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { hashPassword, randomPassword } from '../lib/password';
import { syncCatalogPoints } from './catalog-sync';
import type { Db } from './client';
import { syncBuiltInMenus } from './menu-sync';
import { syncDemoMeterConnections } from './meter-connection-sync';
import { dictItems, dictTypes, menus, orgs, roleMenus, roles, settings, stations, userRoles, users } from './schema';
import { SEED_DICTS, SEED_ORGS, SEED_ROLE_NAMES, SEED_STATIONS, SEED_USERS } from './seed-data';
import { seedStationDevices } from './seed-devices';
import { syncBuiltInSequences } from './seed-sequences';
import { syncBuiltInProcesses } from './seed-workorders';

const MARKER = 'seed.demo.v1';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Seeds the demo group once: organisations, stations with their devices and points, roles,
 * the menu tree with grants, dictionaries and one user per role. Later starts find the marker and leave the data alone,
 * so administrators' changes survive restarts.
 */
export async function seedDatabase(db: Db, env: Env, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (done.length > 0) {
    await syncBuiltInMenus(db);
    await syncCatalogPoints(db);
    await syncBuiltInSequences(db);
    await syncBuiltInProcesses(db);
    await syncDemoMeterConnections(db);
    return false;
  }

  const adminPassword = env.ADMIN_PASSWORD ?? randomPassword();
  const demoPassword = env.DEMO_PASSWORD ?? randomPassword();
  // One hash per account, each with its own salt (equal passwords must not give equal hashes).
  const hashes = new Map(
    await Promise.all(
      SEED_USERS.map(
        async (u) => [u.username, await hashPassword(u.username === 'admin' ? adminPassword : demoPassword)] as const,
      ),
    ),
  );

  const created = await db.transaction(async (tx) => {
    // Another instance may have seeded between our check and this transaction.
    const claimed = await tx
      .insert(settings)
      .values({ key: MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;

    const orgIds = new Map<string, number>();
    for (const o of SEED_ORGS) {
      const pid = o.parent ? (orgIds.get(o.parent) ?? 0) : 0;
      const [row] = await tx
        .insert(orgs)
        .values({ code: o.code, name: o.names.zh_CN, names: o.names, pid })
        .returning({ id: orgs.id });
      if (row) orgIds.set(o.code, row.id);
    }
    for (const s of SEED_STATIONS) {
      const { org, ...rest } = s;
      await tx.insert(stations).values({ ...rest, orgId: orgIds.get(org) ?? 0 });
    }
    await seedStationDevices(tx);
    const roleIds = new Map<string, number>();
    for (const [code, r] of Object.entries(SEED_ROLE_NAMES)) {
      const [row] = await tx
        .insert(roles)
        .values({ code, name: r.names.zh_CN, description: r.descriptions.zh_CN, ...r })
        .returning({ id: roles.id });
      if (row) roleIds.set(code, row.id);
    }
    await insertMenus(tx, SEED_MENU, 0, roleIds);
    for (const d of SEED_DICTS) {
      const [t] = await tx
        .insert(dictTypes)
        .values({ type: d.type, description: d.descriptions.zh_CN, descriptions: d.descriptions })
        .returning({ id: dictTypes.id });
      if (!t) continue;
      await tx
        .insert(dictItems)
        .values(
          d.items.map((it, i) => ({ typeId: t.id, key: it.key, value: it.value, labels: it.labels, sort: i + 1 })),
        );
    }
    for (const u of SEED_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          username: u.username,
          realName: u.realName,
          deptId: orgIds.get(u.org) ?? null,
          passwordHash: hashes.get(u.username) ?? '',
          groupWide: u.groupWide,
          readOnly: u.readOnly,
          demo: u.demo ?? false,
        })
        .returning({ id: users.id });
      const roleId = roleIds.get(u.role);
      if (row && roleId) await tx.insert(userRoles).values({ userId: row.id, roleId });
    }
    return true;
  });

  await syncBuiltInMenus(db);
  await syncBuiltInSequences(db);
  await syncBuiltInProcesses(db);
  await syncDemoMeterConnections(db);
  if (created) {
    if (!env.ADMIN_PASSWORD) log.warn(`first start: generated password for "admin": ${adminPassword} (shown once)`);
    if (!env.DEMO_PASSWORD) {
      log.warn(
        `first start: generated password for demo users operator, maintainer, manager, screen: ${demoPassword} (shown once)`,
      );
    }
    log.info('demo data seeded');
  }
  return created;
}

async function insertMenus(tx: Tx, items: SeedMenu[], pid: number, roleIds: Map<string, number>): Promise<void> {
  for (const [i, m] of items.entries()) {
    const [row] = await tx
      .insert(menus)
      .values({
        pid,
        code: m.code,
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
      })
      .returning({ id: menus.id });
    if (!row) continue;
    await grant(tx, row.id, m.roles, roleIds);
    for (const [j, b] of (m.buttons ?? []).entries()) {
      const [btn] = await tx
        .insert(menus)
        .values({
          pid: row.id,
          code: b.code,
          name: b.names.zh_CN,
          names: b.names,
          perms: b.perms,
          type: 'button',
          orderNum: j + 1,
        })
        .returning({ id: menus.id });
      if (btn) await grant(tx, btn.id, b.roles, roleIds);
    }
    await insertMenus(tx, m.children ?? [], row.id, roleIds);
  }
}

async function grant(tx: Tx, menuId: number, codes: string[], roleIds: Map<string, number>): Promise<void> {
  const rows = codes.flatMap((c) => {
    const roleId = roleIds.get(c);
    return roleId ? [{ roleId, menuId }] : [];
  });
  if (rows.length > 0) await tx.insert(roleMenus).values(rows);
}
