import type { MenuAddBody } from '@ess/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { menus, stations } from '../../../db/schema';
import type { MenuRow } from './menu.repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** Every menu and button row, by orderNum then id. */
export const allMenuRows = (db: Conn): Promise<MenuRow[]> =>
  db.select().from(menus).orderBy(asc(menus.orderNum), asc(menus.id));

/** Id, parent and type of every row: what the node rules need. */
export const menuShape = (db: Conn) =>
  db.select({ id: menus.id, pid: menus.pid, type: menus.type }).from(menus).orderBy(asc(menus.id));

export async function findMenu(db: Conn, id: number, lock?: 'update' | 'share'): Promise<MenuRow | null> {
  const q = db.select().from(menus).where(eq(menus.id, id));
  const [row] = await (lock ? q.for(lock) : q);
  return row ?? null;
}

/** True when another row (not `exceptId`) has this code. */
export async function menuCodeTaken(db: Conn, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.code, code), exceptId ? ne(menus.id, exceptId) : undefined));
  return row !== undefined;
}

/** How many of these station ids exist. */
export async function existingStationCount(db: Conn, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: stations.id }).from(stations).where(inArray(stations.id, ids));
  return rows.length;
}

const stored = (b: MenuAddBody) => ({
  pid: b.pid,
  code: b.code,
  // The fallback name is the Chinese one (the seed does the same).
  name: b.names.zh_CN,
  names: b.names,
  type: b.type,
  perms: b.perms,
  url: b.url,
  urlApp: b.urlApp,
  icon: b.icon,
  iconApp: b.iconApp,
  method: b.method,
  orderNum: b.orderNum,
  show: b.show,
  color: b.color,
  status: b.status,
  hidden: b.hidden,
  external: b.external,
  isConfig: b.isConfig,
  component: b.component,
  stationTypes: b.stationTypes,
  stationIds: [...new Set(b.stationIds)],
});

/** Inserts; null when the code was taken meanwhile (unique key). */
export async function insertMenu(db: Conn, b: MenuAddBody): Promise<number | null> {
  const [row] = await db.insert(menus).values(stored(b)).onConflictDoNothing().returning({ id: menus.id });
  return row?.id ?? null;
}

export async function updateMenu(db: Conn, id: number, b: MenuAddBody): Promise<void> {
  await db
    .update(menus)
    .set({ ...stored(b), updateTime: new Date() })
    .where(eq(menus.id, id));
}

export async function hasChildren(db: Conn, id: number): Promise<boolean> {
  const [row] = await db.select({ id: menus.id }).from(menus).where(eq(menus.pid, id)).limit(1);
  return row !== undefined;
}

/** Deletes the row; its role grants go with it (sys_role_menu cascades). */
export async function deleteMenu(db: Conn, id: number): Promise<void> {
  await db.delete(menus).where(eq(menus.id, id));
}
