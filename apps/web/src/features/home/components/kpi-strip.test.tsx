import type { StationKpis } from '@ess/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KpiStrip } from './kpi-strip';

const kpis: StationKpis = {
  stationId: 1,
  date: '2026-11-25',
  timezone: 'Asia/Shanghai',
  ratedPowerKw: 1000,
  capacityKwh: 2150,
  soc: 60,
  storagePowerKw: 0,
  todayChargeKwh: 1933.344,
  todayDischargeKwh: 12_345.678,
  totalChargeKwh: 500_000,
  totalDischargeKwh: 450_000,
  todayRevenue: 12_345.678,
  currency: 'CNY',
  pvTodayKwh: 100,
  pvTotalKwh: 2000,
  carbonTodayT: 0.057,
  carbonTotalT: 1.14,
  carbonFactor: 0.57,
  ts: 0,
};

describe('KPI strip', () => {
  it('shows each figure with its unit as separate, uncut parts, and the full figure as a tooltip', () => {
    render(<KpiStrip kpis={kpis} live={null} />);
    const discharge = screen.getByTestId('kpi-today-discharge-value');
    // Spec 9: 10,000 kWh and more read in MWh; the tooltip keeps every kWh.
    expect(discharge.textContent).toBe('12.3MWh');
    expect(discharge.getAttribute('title')).toBe('12,345.68 kWh');
    const charge = screen.getByTestId('kpi-today-charge-value');
    expect([...charge.children].map((c) => c.textContent)).toEqual(['1,933.3', 'kWh']);
    expect(charge.getAttribute('title')).toBe('1,933.34 kWh');
    expect(screen.getByTestId('kpi-today-revenue-value').getAttribute('title')).toBe('12,345.68 RMB');
  });
});
