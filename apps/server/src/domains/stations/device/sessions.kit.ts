import type { FastifyInstance } from 'fastify';
import { call, login } from '../../../test/harness';

/** Test helper: a token for every seeded role (screen through the large-screen entry). */
export const ROLES = ['admin', 'operator', 'maintainer', 'manager', 'screen'] as const;
export type Role = (typeof ROLES)[number];

export async function signInAll(app: FastifyInstance): Promise<Record<Role, string>> {
  const screen = await call(app, null, 'POST', '/api/sys/token/screenLogin', { from: 'screen' });
  return {
    admin: await login(app, 'admin'),
    operator: await login(app, 'operator'),
    maintainer: await login(app, 'maintainer'),
    manager: await login(app, 'manager'),
    screen: screen.json().data.accessToken as string,
  };
}

/** Which demo stations each role sees: operator Jiangsu only, maintainer Guangdong only, others all. */
export const sees = (role: Role, stationCode: string): boolean =>
  role === 'operator' ? stationCode.startsWith('JS-') : role === 'maintainer' ? stationCode.startsWith('GD-') : true;
