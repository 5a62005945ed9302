import { describe, expect, it } from 'vitest';
import { clockOf, stationTime } from '../station/station-time';
import { clockOfZones, instantText, labelledInstant } from './platform-time';

// A reader in Berlin, a station in Suzhou: the "20:39 in its row, 04:39 next day on its chart".
const reader = stationTime('Europe/Berlin', 'Europe/Berlin');
const accepted = Date.UTC(2026, 11, 1, 12, 39, 5);

describe('the clocks of records', () => {
  it("read a delivery in its row as its planned-versus-actual chart does: the station's clock", () => {
    const row = labelledInstant(clockOfZones(['Asia/Shanghai'], reader), accepted);
    // The chart's tag (planned-actual-card) reads `clockOf(data.timezone).dateMinute(since)`.
    const chart = clockOf('Asia/Shanghai').dateMinute(accepted);
    expect(chart).toBe('2026-12-01 20:39');
    expect(row.startsWith(chart)).toBe(true);
  });

  it("fall back to the user's clock for stations in several zones, and name the zone where it differs", () => {
    expect(clockOfZones(['Asia/Shanghai', 'Europe/Madrid'], reader)).toBe(reader);
    expect(clockOfZones([], reader)).toBe(reader);
    const suzhou = stationTime('Asia/Shanghai', 'Europe/Berlin', accepted);
    expect(labelledInstant(suzhou, accepted)).toBe('2026-12-01 20:39:05 UTC+08:00');
    expect(instantText(suzhou, accepted)).toBe('2026-12-01 20:39:05');
    expect(labelledInstant(reader, accepted)).toBe('2026-12-01 13:39:05');
    expect(labelledInstant(reader, null)).toBe('-');
    expect(suzhou.withZone('Time')).toBe('Time (UTC+08:00)');
  });
});
