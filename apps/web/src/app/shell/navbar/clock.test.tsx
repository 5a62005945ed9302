import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockReading } from '@/lib/format/clock-reading';
import { Clock } from './clock';

/** 15 July 2025, 04:10:05 UTC: 12:10 in Shanghai, 06:10 in Madrid, 00:10 in New York. */
const NOW = Date.UTC(2025, 6, 15, 4, 10, 5);

describe('clock reading', () => {
  it("reads the station's own clock, whatever the browser's zone", () => {
    const format = 'ddd, MMM D, YYYY';
    expect(clockReading(NOW, 'Asia/Shanghai', format)).toEqual({ time: '12:10:05', date: 'Tue, Jul 15, 2025' });
    expect(clockReading(NOW, 'Europe/Madrid', format)).toEqual({ time: '06:10:05', date: 'Tue, Jul 15, 2025' });
    expect(clockReading(NOW - 20 * 60_000, 'America/New_York', format)).toEqual({
      time: '23:50:05',
      date: 'Mon, Jul 14, 2025',
    });
    // Madrid in winter is UTC+1.
    expect(clockReading(Date.UTC(2025, 0, 15, 23, 30), 'Europe/Madrid', 'YYYY-MM-DD').date).toBe('2025-01-16');
  });

  it('falls back to the browser clock without a station', () => {
    const d = new Date(NOW);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(clockReading(NOW, null, 'YYYY-MM-DD')).toEqual({
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    });
  });
});

describe('navbar clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows and ticks the station time, and names the zone', async () => {
    render(<Clock timeZone="Asia/Shanghai" browserZone="UTC" />);
    const clock = screen.getByTestId('clock');
    expect(clock.textContent).toBe('12:10:05UTC+08:00Tue, Jul 15, 2025');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(clock.textContent).toBe('12:10:06UTC+08:00Tue, Jul 15, 2025');
    fireEvent.mouseEnter(clock);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('Station local time (Asia/Shanghai, UTC+08:00)')).toBeTruthy();
  });

  it('leaves the offset out where the browser keeps the station clock', () => {
    render(<Clock timeZone="Asia/Shanghai" browserZone="Asia/Shanghai" />);
    expect(screen.getByTestId('clock').textContent).toBe('12:10:05Tue, Jul 15, 2025');
    expect(screen.queryByTestId('clock-zone')).toBeNull();
  });

  it('names a zone with summer time by its IANA name', () => {
    render(<Clock timeZone="Europe/Madrid" browserZone="UTC" />);
    expect(screen.getByTestId('clock-zone').textContent).toBe('Europe/Madrid');
  });

  it('writes the date in the interface language', async () => {
    await act(() => i18next.changeLanguage('zh_CN'));
    try {
      render(<Clock timeZone="America/New_York" browserZone="America/New_York" />);
      expect(screen.getByTestId('clock').textContent).toMatch(/^00:10:052025年7月15日 /);
    } finally {
      await act(() => i18next.changeLanguage('en_US'));
    }
  });
});
