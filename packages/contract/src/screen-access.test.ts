import { describe, expect, it } from 'vitest';
import { type Endpoint, endpoints, FILE } from './api';

const table = Object.entries(endpoints) as [string, Endpoint][];
const screenCalls = table.filter(([, e]) => !e.access.public && e.access.screen);

/** Calls under /sys/ a large-screen window makes: the signed-in frame's own, none of the administration. */
const SCREEN_SYS_CALLS = [
  'userInfo',
  'logout',
  'sysTheme',
  'userTheme',
  'exclusiveMenu',
  'dictTypeAll',
  'platformInfo',
];

describe('what a large-screen window may call (access.screen)', () => {
  it('is a read without a permission of its own: no write, no export, no personal change', () => {
    const writes = screenCalls.filter(
      ([, e]) =>
        e.access.public ||
        e.access.mutates ||
        e.access.refuseDemo ||
        (e.access.perms?.length ?? 0) > 0 ||
        e.method === 'PUT' ||
        e.method === 'DELETE' ||
        e.response === FILE,
    );
    expect(writes.map(([n]) => n)).toEqual([]);
  });

  it('holds no administration call and no device credentials', () => {
    const sys = screenCalls.filter(([, e]) => e.path.startsWith('/sys/')).map(([n]) => n);
    expect(sys.sort()).toEqual([...SCREEN_SYS_CALLS].sort());
    expect(screenCalls.filter(([, e]) => /credential|user\/page|export/i.test(e.path))).toEqual([]);
  });

  it('holds the calls of the frame and of the site home page', () => {
    const names = new Set(screenCalls.map(([n]) => n));
    for (const n of ['userInfo', 'exclusiveMenu', 'stationTree', 'pcsStationData', 'energyFlow', 'alarmCount']) {
      expect(names.has(n), n).toBe(true);
    }
  });
});
