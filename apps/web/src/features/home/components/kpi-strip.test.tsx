import { chargeableKwh, dischargeableKwh, type StationKpis, type StationSummary } from '@ess/contract';
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

const oneDecimal = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** "2 h 5 min", "45 min", as the English duration format writes whole minutes. */
const hoursMinutes = (minutes: number) => {
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  return [h ? `${h} h` : '', m % 60 ? `${m % 60} min` : ''].filter(Boolean).join(' ');
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

  it('shows the energy available to discharge and how long the present power lasts', () => {
    const { rerender } = render(<KpiStrip kpis={kpis} live={null} />);
    const available = dischargeableKwh(kpis.soc, kpis.capacityKwh) ?? 0;
    expect(screen.getByTestId('kpi-soc-sub').textContent).toBe(`${oneDecimal(available)} kWh to discharge`);
    expect(screen.getByTestId('kpi-storage-power-sub').textContent).toBe('Idle');

    // Discharging at 430 kW: the available energy lasts available / 430 hours.
    rerender(<KpiStrip kpis={{ ...kpis, storagePowerKw: 430 }} live={null} />);
    expect(screen.getByTestId('kpi-storage-power-sub').textContent).toBe(
      `Discharging · empty in ${hoursMinutes((available / 430) * 60)}`,
    );

    // Charging at 500 kW from the live socket: the room up to the SOC ceiling fills in so long.
    const live: StationSummary = {
      stationId: 1,
      ts: 1,
      storagePower: -500,
      soc: 72,
      pvPower: null,
      loadPower: null,
      gridPower: null,
      chargerPower: null,
    };
    rerender(<KpiStrip kpis={kpis} live={live} />);
    const room = chargeableKwh(72, kpis.capacityKwh) ?? 0;
    expect(screen.getByTestId('kpi-storage-power-sub').textContent).toBe(
      `Charging · full in ${hoursMinutes((room / 500) * 60)}`,
    );
  });
});
