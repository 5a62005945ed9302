import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { datesHeader, toCsv, toXlsx, zonedHeader } from './export-file';

const sheet = {
  name: '充放电 2026-11',
  columns: [
    { key: 'day', header: '日期' },
    { key: 'kwh', header: 'kWh' },
    { key: 'note', header: 'note' },
  ],
  rows: [
    { day: '2026-11-01', kwh: 1234.5, note: 'a, "quoted" note' },
    { day: '2026-11-02', kwh: -3, note: '=HYPERLINK("http://x")' },
    { day: '2026-11-03', kwh: null, note: null },
  ],
};

describe('export files', () => {
  it('writes CSV with a BOM, quoting and no formula injection', () => {
    const csv = toCsv(sheet);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.subarray(3).toString('utf8').split('\r\n');
    expect(text[0]).toBe('日期,kWh,note');
    expect(text[1]).toBe('2026-11-01,1234.5,"a, ""quoted"" note"');
    expect(text[2]).toBe(`2026-11-02,-3,"'=HYPERLINK(""http://x"")"`);
    expect(text[3]).toBe('2026-11-03,,');
  });

  it('writes an Excel workbook whose cells read back as written', async () => {
    const book = new ExcelJS.Workbook();
    const data = await toXlsx([sheet]);
    await book.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
    const ws = book.worksheets[0];
    expect(ws?.name).toBe('充放电 2026-11');
    expect(ws?.getRow(1).values).toEqual([undefined, '日期', 'kWh', 'note']);
    expect(ws?.getCell('B2').value).toBe(1234.5);
    expect(ws?.getCell('C3').value).toBe(`'=HYPERLINK("http://x")`);
    expect(ws?.rowCount).toBe(4);
  });
});

describe('zone in time headers', () => {
  it('names the zone and its offset, both offsets when clocks change in the range', () => {
    const jan = Date.UTC(2024, 0, 10);
    expect(zonedHeader('Time', 'Asia/Shanghai', jan, jan + 86_400_000)).toBe('Time (Asia/Shanghai, UTC+08:00)');
    expect(zonedHeader('Time', 'Europe/Berlin', jan, Date.UTC(2024, 5, 1))).toBe(
      'Time (Europe/Berlin, UTC+01:00/UTC+02:00)',
    );
    expect(datesHeader('日期', 'America/New_York', '2024-11-01', '2024-11-02')).toBe(
      '日期 (America/New_York, UTC-04:00)',
    );
    // 3 November 2024 ends summer time in New York.
    expect(datesHeader('Date', 'America/New_York', '2024-11-01', '2024-11-03')).toBe(
      'Date (America/New_York, UTC-04:00/UTC-05:00)',
    );
  });
});
