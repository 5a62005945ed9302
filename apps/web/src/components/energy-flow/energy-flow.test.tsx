import type { StationSummary } from '@ess/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnergyFlow } from './energy-flow';

const summary = (v: Partial<StationSummary>): StationSummary => ({
  stationId: 1,
  ts: 1000,
  storagePower: null,
  soc: null,
  pvPower: null,
  loadPower: null,
  gridPower: null,
  chargerPower: null,
  ...v,
});

describe('energy-flow diagram', () => {
  it('shows each branch’s magnitude and moves the storage line with its sign', () => {
    const { rerender } = render(
      <EnergyFlow
        summary={summary({
          storagePower: -250,
          soc: 42,
          pvPower: 12.34,
          loadPower: 180,
          gridPower: 418,
          chargerPower: 0,
        })}
        ratedKw={1000}
      />,
    );
    expect(screen.getByTestId('flow-storage').getAttribute('data-direction')).toBe('charge');
    expect(screen.getByTestId('flow-value-storage').textContent).toBe('250.0 kW');
    expect(screen.getByTestId('flow-value-grid').textContent).toBe('418.0 kW');
    expect(screen.getByTestId('flow-line-grid').getAttribute('data-direction')).toBe('toBus');
    expect(screen.getByTestId('flow-line-load').getAttribute('data-direction')).toBe('fromBus');
    expect(screen.getByTestId('flow-line-charger').getAttribute('data-direction')).toBe('idle');
    // An idle line has no moving dots, an active one has them (on the dots layer).
    const dots = screen.getByTestId('flow-dots');
    expect(dots.querySelector('[data-node="charger"]')).toBeNull();
    expect(dots.querySelector('[data-node="grid"]')).not.toBeNull();
    expect(screen.getByText(/SOC 42\.0%/)).toBeTruthy();

    rerender(<EnergyFlow summary={summary({ storagePower: 12000, gridPower: -300 })} ratedKw={1000} />);
    expect(screen.getByTestId('flow-storage').getAttribute('data-direction')).toBe('discharge');
    // Spec 9: kW switches to MW at 10,000.
    expect(screen.getByTestId('flow-value-storage').textContent).toBe('12.0 MW');
    expect(screen.getByTestId('flow-line-grid').getAttribute('data-direction')).toBe('fromBus');
    expect(screen.getByTestId('flow-value-pv').textContent).toBe('-');
  });

  it('keeps everything still without data', () => {
    render(<EnergyFlow summary={null} ratedKw={500} />);
    expect(screen.getByTestId('flow-storage').getAttribute('data-direction')).toBe('idle');
    expect(screen.getByTestId('flow-value-load').textContent).toBe('-');
  });

  it('splits the piles off the load meter, so the numbers drawn add up (issue 11)', () => {
    render(
      <EnergyFlow
        summary={summary({ storagePower: 0, soc: 10, pvPower: 0, loadPower: 2630, gridPower: 2630, chargerPower: 130 })}
        ratedKw={2500}
      />,
    );
    expect(screen.getByTestId('flow-value-grid').textContent).toBe('2,630.0 kW');
    expect(screen.getByTestId('flow-value-load').textContent).toBe('2,500.0 kW');
    expect(screen.getByTestId('flow-value-charger').textContent).toBe('130.0 kW');
    expect(screen.getByText('Other load')).toBeTruthy();
    expect(screen.getByTestId('flow-state-load').textContent).toBe('Total 2,630.0 kW incl. piles');
    const balance = screen.getByTestId('flow-balance');
    expect(balance.dataset.balanced).toBe('true');
    expect(balance.textContent).toBe('Bus balance: in 2,630.0 kW = out 2,630.0 kW');
  });

  it('names a difference between the meters instead of hiding it', () => {
    render(
      <EnergyFlow
        summary={summary({ storagePower: -200, pvPower: 50, loadPower: 600, gridPower: 700, chargerPower: 0 })}
        ratedKw={1000}
      />,
    );
    const balance = screen.getByTestId('flow-balance');
    expect(balance.dataset.balanced).toBe('false');
    expect(balance.textContent).toContain('in 750.0 kW, out 800.0 kW, difference 50.0 kW');
  });
});
