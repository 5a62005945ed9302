import { type DataScope, type SealedSecret, sealSecret } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { menus, orgs, stations } from '../db/schema';
import { bearer, publicKeyOf } from './harness';

/** Helpers of the user, role and station-role tests: calls with any method, sealed passwords, made roles and users. */

export function api(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  lang = 'zh_CN',
) {
  return app.inject({ method, url, payload, headers: bearer(token, lang) });
}

export async function sealed(app: FastifyInstance, secret: string): Promise<SealedSecret> {
  return sealSecret(await publicKeyOf(app), secret);
}

/** Ids of menu rows by code, in the order asked. */
export async function menuIdsOf(db: Db, codes: string[]): Promise<number[]> {
  const rows = await db.select({ id: menus.id, code: menus.code }).from(menus).where(inArray(menus.code, codes));
  return codes.map((c) => {
    const row = rows.find((r) => r.code === c);
    if (!row) throw new Error(`no menu ${c}`);
    return row.id;
  });
}

export async function orgIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.code, code));
  if (!row) throw new Error(`no org ${code}`);
  return row.id;
}

/** Stations of an organisation (not its subtree), by id. */
export async function stationsOfOrg(db: Db, orgId: number): Promise<number[]> {
  const rows = await db.select({ id: stations.id }).from(stations).where(eq(stations.orgId, orgId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${serial++}`;

/** A role made through the API; returns its id and code. */
export async function addRole(
  app: FastifyInstance,
  admin: string,
  menuIds: number[],
  extra: { dataScope?: DataScope; orgIds?: number[] } = {},
): Promise<{ id: number; code: string }> {
  const code = unique('r');
  const res = await api(app, admin, 'POST', '/api/sys/role/add', { code, name: code, menuIds, ...extra });
  if (res.json().code !== 200) throw new Error(`role not added: ${res.body}`);
  return { id: res.json().data.id, code };
}

/** A user made through the API with password `pass-1234`; returns id and login name. */
export async function addUser(
  app: FastifyInstance,
  admin: string,
  fields: { roleIds: number[]; deptId?: number | null; stationIds?: number[] },
): Promise<{ id: number; username: string }> {
  const username = unique('u');
  const res = await api(app, admin, 'POST', '/api/sys/user/add', {
    username,
    password: await sealed(app, 'pass-1234'),
    realName: username,
    phone: '13812345678',
    ...fields,
  });
  if (res.json().code !== 200) throw new Error(`user not added: ${res.body}`);
  return { id: res.json().data.id, username };
}

export const USER_PASSWORD = 'pass-1234';
