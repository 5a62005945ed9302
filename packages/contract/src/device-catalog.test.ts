import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS } from './device-catalog';
import { LANGS } from './i18n';
import { stationLayout } from './station-layout';

describe('device catalogue', () => {
  it('has unique model codes and unique point codes per model', () => {
    const models = DEVICE_MODELS.map((m) => m.code);
    expect(new Set(models).size).toBe(models.length);
    for (const m of DEVICE_MODELS) {
      const codes = m.points.map((p) => p.code);
      expect(new Set(codes).size, m.code).toBe(codes.length);
    }
  });

  it('names every model, point and state in the four languages', () => {
    for (const m of DEVICE_MODELS) {
      for (const l of LANGS) expect(m.names[l], `${m.code} ${l}`).toBeTruthy();
      for (const p of m.points) {
        for (const l of LANGS) expect(p.names[l], `${m.code}.${p.code} ${l}`).toBeTruthy();
        for (const [k, v] of Object.entries(p.states ?? {})) {
          expect(k).toMatch(/^\d+$/);
          for (const l of LANGS) expect(v[l], `${m.code}.${p.code}=${k} ${l}`).toBeTruthy();
        }
      }
    }
  });

  it('keeps counters in kWh, ranges ordered, status points with states', () => {
    for (const m of DEVICE_MODELS) {
      for (const p of m.points) {
        if (p.counter) expect(p.unit, `${m.code}.${p.code}`).toBe('kWh');
        if (p.min !== undefined && p.max !== undefined) expect(p.min).toBeLessThan(p.max);
        if (p.kind === 'status') expect(p.states, `${m.code}.${p.code}`).toBeDefined();
      }
    }
  });

  it('lays out stations with models from the catalogue and parents that exist', () => {
    const layout = stationLayout({ code: 'T-01', type: 'operating', ratedPowerKw: 2500, capacityKwh: 5000 });
    const sns = new Set(layout.devices.map((d) => d.sn));
    for (const d of layout.devices) {
      expect(
        DEVICE_MODELS.some((m) => m.code === d.model),
        d.model,
      ).toBe(true);
      if (d.parentSn) expect(sns, d.sn).toContain(d.parentSn);
    }
    const storageKwh = layout.devices.filter((d) => d.type === 'bms').reduce((s, d) => s + (d.energyKwh ?? 0), 0);
    expect(storageKwh).toBeCloseTo(5000, 0);
    const cabinets = stationLayout({ code: 'T-02', type: 'operating', ratedPowerKw: 1000, capacityKwh: 2150 });
    expect(cabinets.devices.filter((d) => d.type === 'cabinet')).toHaveLength(10);
    expect(stationLayout({ code: 'T-03', type: 'proposed', ratedPowerKw: 1000, capacityKwh: 2150 }).devices).toEqual(
      [],
    );
  });
});
