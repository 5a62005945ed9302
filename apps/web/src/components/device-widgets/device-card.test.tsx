import { CELL_LIMITS, type PointMeta } from '@ess/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceCard } from './device-card';

const meta = (code: string, unit: string | null, extra: Partial<PointMeta> = {}): PointMeta => ({
  code,
  name: code,
  unit,
  kind: 'telemetry',
  precision: 1,
  min: null,
  max: null,
  counter: false,
  states: null,
  limit: null,
  ...extra,
});

const cabinetPoints: PointMeta[] = [
  meta('p', 'kW'),
  meta('soc', '%'),
  meta('runState', null, { kind: 'status', precision: 0, states: { '1': 'Charging', '2': 'Discharging' } }),
  meta('soh', '%', { limit: CELL_LIMITS.soh }),
  meta('cellVmax', 'V', { precision: 3, limit: CELL_LIMITS.cellVmax }),
  meta('cellVmaxNo', null, { precision: 0 }),
  meta('cellVmin', 'V', { precision: 3 }),
  meta('cellVminNo', null, { precision: 0 }),
  meta('envTemp', '°C'),
];

const device = {
  id: 7,
  sn: 'JS-CAB-01',
  name: 'CAB-01',
  type: 'cabinet' as const,
  status: 'online' as const,
  lastSeenAt: null,
};

describe('DeviceCard', () => {
  it('shows the state label, power, SOC and the cell holding the extreme', () => {
    render(
      <DeviceCard
        device={device}
        points={cabinetPoints}
        values={{
          p: { value: -85.25, ts: 1 },
          soc: { value: 56.2, ts: 1 },
          runState: { value: 1, ts: 1 },
          cellVmax: { value: 3.412, ts: 1 },
          cellVmaxNo: { value: 154, ts: 1 },
        }}
      />,
    );
    const card = screen.getByTestId('device-card-JS-CAB-01');
    expect(card.dataset.tone).toBe('charging');
    expect(screen.getByText('Charging')).toBeTruthy();
    expect(screen.getByTestId('card-headline').textContent).toBe('-85.3 kW');
    expect(screen.getByText('56.2%')).toBeTruthy();
    expect(screen.getByText('3.412 V')).toBeTruthy();
    expect(screen.getByText('#154')).toBeTruthy();
    expect(screen.getByText('3.412 V').dataset.limit).toBe('normal');
  });

  it('marks a metric past the limit of its device model', () => {
    const worn = CELL_LIMITS.soh.alarmBelow - 2;
    render(<DeviceCard device={device} points={cabinetPoints} values={{ soh: { value: worn, ts: 1 } }} />);
    expect(screen.getByText(`${worn.toFixed(1)} %`).dataset.limit).toBe('alarm');
    expect(screen.getByLabelText(`Below the alarm limit of ${CELL_LIMITS.soh.alarmBelow.toFixed(1)} %`)).toBeTruthy();
  });

  it('shows an offline device as offline whatever its last state, and opens on click and Enter', () => {
    const onOpen = vi.fn();
    render(
      <DeviceCard
        device={{ ...device, status: 'offline' }}
        points={cabinetPoints}
        values={{ runState: { value: 2, ts: 1 } }}
        onOpen={onOpen}
      />,
    );
    const card = screen.getByRole('button', { name: /CAB-01/ });
    expect(card.dataset.tone).toBe('offline');
    expect(screen.getByText('Offline')).toBeTruthy();
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenCalledWith(7);
  });

  it('shows on the EMS card who is in control and since when, not only the mode selected', () => {
    const states = { '2': 'Plan curve', '3': 'Remote power setpoint' };
    const points = [
      meta('mode', null, { kind: 'status', precision: 0, states: { '2': 'Plan curve' } }),
      meta('ctrlSource', null, { kind: 'status', precision: 0, states }),
      meta('ctrlSince', null, { precision: 0 }),
      meta('cpu', '%'),
    ];
    const since = Math.floor(Date.now() / 1000) - 8 * 60;
    render(
      <DeviceCard
        device={{ ...device, sn: 'JS-EMS-01', name: 'EMS', type: 'ems' }}
        points={points}
        values={{ mode: { value: 2, ts: 1 }, ctrlSource: { value: 3, ts: 1 }, ctrlSince: { value: since, ts: 1 } }}
      />,
    );
    const card = screen.getByTestId('device-card-JS-EMS-01');
    // The plan curve is selected, but a remote setpoint decides: the card's state says so.
    expect(card.querySelector('header')?.textContent).toContain('Remote power setpoint');
    expect(card.textContent).toContain('ctrlSince8 min ago');
  });
});
