import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';

describe('plural texts', () => {
  afterAll(() => i18next.changeLanguage('en_US'));

  it("follow each language's plural rules", async () => {
    type Key = 'devices.cabinets.summary' | 'history.sets.count' | 'systemLog.total' | 'devices.topology.clusters';
    const t = (key: Key, count: number) => i18next.t(key, { count, online: count, fault: 0, max: 50 }) as string;
    await i18next.changeLanguage('en_US');
    expect(t('devices.cabinets.summary', 1)).toBe('1 cabinet · 1 online · 0 in fault');
    expect(t('devices.cabinets.summary', 3)).toBe('3 cabinets · 3 online · 0 in fault');
    expect(t('history.sets.count', 1)).toBe('1 indicator');
    expect(t('systemLog.total', 2)).toBe('2 entries');
    await i18next.changeLanguage('es_ES');
    expect(t('devices.topology.clusters', 1)).toBe('1 clúster');
    expect(t('devices.topology.clusters', 4)).toBe('4 clústeres');
    await i18next.changeLanguage('zh_CN');
    expect(t('systemLog.total', 1)).toBe('共 1 条');
  });
});
