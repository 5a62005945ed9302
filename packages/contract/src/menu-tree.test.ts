import { describe, expect, it } from 'vitest';
import { LANGS } from './i18n';
import { flattenSeedMenu, SEED_MENU } from './menu-tree';

const SPEC_ROUTES = [
  '/surveillance/site-homepage',
  '/surveillance/battery-analysis',
  '/surveillance/energy-storage',
  '/surveillance/standard-215-device-list',
  '/surveillance/charge-discharge-data',
  '/surveillance/earnings-glance',
  '/alarm/realtime',
  '/alarm/history',
  '/alarm/alarm-definition',
  '/remote-control/issue-order',
  '/remote-control/intergrated-cabinet',
  '/remote-control/file-service',
  '/strategic-management/electricity-curve',
  '/strategic-management/plan-curve',
  '/strategic-management/plan-curve-issue',
  '/strategic-management/strategy',
  '/strategic-management/history-plan-curve',
  '/revenue-management/price-configuration',
  '/revenue-management/earnings-statement',
  '/revenue-management/proxy-price-region',
  '/revenue-management/proxy-price',
  '/operational-inspection/activiti-definition',
  '/operational-inspection/activiti-temp',
  '/operational-inspection/task',
  '/operational-inspection/add-task',
  '/operational-inspection/all-task-detail',
  '/operational-inspection/message-config',
  '/operational-inspection/user-message-config',
  '/operational-inspection/information-entry',
  '/operational-inspection/repair-records',
  '/task/all-task',
  '/task/all-task-detail',
  ...[
    'dictionary',
    'role',
    'menu',
    'user',
    'org',
    'log',
    'post',
    'department',
    'equipment',
    'alarm-configuration',
    'ems-equipment',
    'ems-model',
    'equipment-model-relevancy',
    'equip-model',
    'station-role',
    'model-type',
    'virtual-device-col',
    'synchronize-virtual-configuration',
    'offset-setting',
    'device-upgrade',
    'sms-configuration',
    'site-configuration',
    'rate',
  ].map((p) => `/system/${p}`),
];

describe('seeded menu tree', () => {
  const all = flattenSeedMenu();
  it('holds every route of spec section 2', () => {
    const urls = new Set(all.map((m) => m.url));
    for (const r of SPEC_ROUTES) expect(urls, r).toContain(r);
  });
  it('has unique codes, urls and permission strings', () => {
    const codes = [...all.map((m) => m.code), ...all.flatMap((m) => (m.buttons ?? []).map((b) => b.code))];
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(all.map((m) => m.url)).size).toBe(all.length);
    const perms = all.flatMap((m) => (m.buttons ?? []).map((b) => b.perms));
    expect(new Set(perms).size).toBe(perms.length);
    expect(perms).toContain('sys:translate');
  });
  it('names every entry and button in the four languages', () => {
    for (const m of all) {
      for (const l of LANGS) expect(m.names[l], `${m.code} ${l}`).toBeTruthy();
      for (const b of m.buttons ?? []) for (const l of LANGS) expect(b.names[l], `${b.code} ${l}`).toBeTruthy();
    }
  });
  it('nests children under their parent url and grants no child to a role its parent lacks', () => {
    for (const top of SEED_MENU) {
      for (const c of top.children ?? []) {
        if (!c.external) expect(c.url.startsWith(`${top.url}/`), c.url).toBe(true);
        for (const r of c.roles) expect(top.roles, `${c.code} ${r}`).toContain(r);
      }
    }
  });
});
