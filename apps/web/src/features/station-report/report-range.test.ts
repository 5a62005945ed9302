import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, includesToday, rangeTooLong, reportBody } from './report-range';

const today = dayjs('2026-11-23T10:00:00');

describe('report ranges', () => {
  it('starts daily reports at the month and monthly ones at the year', () => {
    expect(defaultRange('day', today).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-01', '2026-11-23']);
    expect(defaultRange('month', today).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-01-01', '2026-11-23']);
  });

  it('sends whole months for a monthly report', () => {
    const body = reportBody(7, 'month', [dayjs('2026-02-14'), dayjs('2026-04-03')]);
    expect(body).toEqual({ stationId: 7, granularity: 'month', from: '2026-02-01', to: '2026-04-30' });
    expect(reportBody(7, 'day', [dayjs('2026-02-14'), dayjs('2026-04-03')]).from).toBe('2026-02-14');
  });

  it('knows the server limit of 731 days and whether today is in range', () => {
    expect(rangeTooLong(reportBody(1, 'month', [dayjs('2025-01-01'), dayjs('2026-12-31')]))).toBe(false);
    expect(rangeTooLong(reportBody(1, 'month', [dayjs('2024-12-01'), dayjs('2026-12-31')]))).toBe(true);
    expect(includesToday(reportBody(1, 'day', [dayjs('2026-11-01'), today]), today)).toBe(true);
    expect(includesToday(reportBody(1, 'day', [dayjs('2026-10-01'), dayjs('2026-10-31')]), today)).toBe(false);
  });
});
