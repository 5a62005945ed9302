import {
  addDays,
  type ReportGranularity,
  reportApi,
  type StationReport,
  type StationReportRow,
  sessionApi,
  shellApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { en_US } from '@/lib/i18n/locales/en_US';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { STATION_REPORT_LOCALE } from '../locale';
import { StationReportPage } from './station-report-page';

const EN = STATION_REPORT_LOCALE.en_US.stationReport;
/** The rows of runs without data speak the core table words. */
const RUN = en_US.table.emptyRun;

/**
 * Ten station days of November: `x` a day with readings, `.` one without — a run of two at the
 * start, a single day in the middle, a run of three at the end (today so far without readings).
 */
const PATTERN = '..xxx.xx...';
const days = [...PATTERN].map((_, i) => addDays('2026-11-01', i));
const day = (i: number): string => days[i] ?? '';

/** A report row: values from its index where it has data, null where it has none. */
const row = (period: string, hasData: boolean, i: number): StationReportRow => {
  const v = (base: number) => (hasData ? base + i : null);
  return {
    period,
    hasData,
    chargeKwh: v(100),
    dischargeKwh: v(90),
    efficiency: v(80),
    pvKwh: v(10),
    loadKwh: v(20),
    gridImportKwh: v(30),
    gridExportKwh: v(5),
    revenue: v(40),
    socMax: v(60),
    socMin: v(10),
    onlineRate: v(50),
    partial: false,
    days: 1,
    wholeDays: hasData ? 1 : 0,
    storageCoverage: hasData ? 100 : 0,
  };
};
/** The first day with readings starts at noon: partial, without an efficiency of its own. */
const FIRST = 2;
const dayRows = days.map((d, i) => {
  const r = row(d, PATTERN[i] === 'x', i);
  return i === FIRST ? { ...r, partial: true, wholeDays: 0, storageCoverage: 50, efficiency: null } : r;
});
/** A monthly report of this year: no readings before September, none in October. */
const MONTHS = '........x.x';
const monthRows = [...MONTHS].map((c, i) => row(`2026-${String(i + 1).padStart(2, '0')}`, c === 'x', i));

const report = (granularity: ReportGranularity): StationReport => {
  const rows = granularity === 'day' ? dayRows : monthRows;
  return {
    stationId: 2,
    stationCode: 'JS-2',
    stationName: 'Station 2',
    timezone: 'Asia/Shanghai',
    currency: 'CNY',
    granularity,
    from: rows[0]?.period ?? '',
    to: rows.at(-1)?.period ?? '',
    deviceCount: 3,
    rows,
    total: row('total', true, 0),
  };
};

const user: UserInfo = {
  userId: 2,
  deptId: 1,
  deptName: 'G-JS',
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList: [],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};

/** A locale text with its `{{values}}` filled in. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** The listing of the table: each row's key and its period cell's text. */
function listing(table: HTMLElement) {
  return [...table.querySelectorAll<HTMLElement>('tbody tr[data-row-key]')].map((tr) => ({
    key: tr.dataset.rowKey,
    text: tr.querySelector('td')?.textContent?.trim(),
  }));
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <StationReportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('station statistics table', () => {
  beforeEach(() => {
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    apiServer.use(
      answer(shellApi.stationTree, stationTreeOf(stationNode(2))),
      answer(sessionApi.userInfo, user),
      answer(reportApi.stationReport, (body) => report(body.granularity)),
    );
  });

  it('lists days newest first, each run without data as one row, the total kept as the summary', async () => {
    renderPage();
    const table = await screen.findByTestId('station-report-table');
    const run = (from: number, to: number) =>
      `${fill(RUN.span, { from: day(from), to: day(to) })} ${fill(RUN.days_other, { count: to - from + 1 })}`;
    await waitFor(() =>
      expect(listing(table)).toEqual([
        { key: day(8), text: run(8, 10) },
        ...[7, 6].map((i) => ({ key: day(i), text: day(i) })),
        { key: day(5), text: `${day(5)} ${RUN.one}` },
        ...[4, 3].map((i) => ({ key: day(i), text: day(i) })),
        { key: day(FIRST), text: `${day(FIRST)}${EN.partial}` },
        { key: day(0), text: run(0, 1) },
      ]),
    );
    // A day with data shows its own values, a run none.
    const [, newestWithData] = table.querySelectorAll('tbody tr[data-row-key]');
    expect(newestWithData?.textContent).toContain(String(dayRows[7]?.socMax));
    expect(within(screen.getByTestId('station-report-total')).getByText(EN.total)).toBeTruthy();
  });

  it('marks a partial day, and says in its tooltip what the storage meter covered', async () => {
    renderPage();
    const tag = await screen.findByTestId(`partial-${day(FIRST)}`);
    expect(tag.textContent).toBe(EN.partial);
    expect(screen.queryByTestId(`partial-${day(3)}`)).toBeNull();
    fireEvent.mouseEnter(tag);
    expect((await screen.findByRole('tooltip')).textContent).toBe(fill(EN.partialDay, { coverage: '50 %' }));
  });

  it('says on the efficiency tile when the range has days that are not whole', async () => {
    apiServer.use(
      answer(reportApi.stationReport, (body) => {
        const r = report(body.granularity);
        return { ...r, total: { ...r.total, partial: true, days: 11, wholeDays: 5 } };
      }),
    );
    renderPage();
    const tile = await screen.findByTestId('station-report-kpi-efficiency');
    expect(within(tile).getByText(EN.partial)).toBeTruthy();
  });

  it('lists months newest first, collapsing months without data', async () => {
    renderPage();
    await screen.findByTestId('station-report-table');
    fireEvent.click(within(screen.getByTestId('station-report-granularity')).getByText(EN.monthly));
    const month = (i: number) => monthRows[i]?.period ?? '';
    await waitFor(() =>
      expect(listing(screen.getByTestId('station-report-table'))).toEqual([
        { key: month(10), text: month(10) },
        { key: month(9), text: `${month(9)} ${RUN.one}` },
        { key: month(8), text: month(8) },
        {
          key: month(0),
          text: `${fill(RUN.span, { from: month(0), to: month(7) })} ${fill(RUN.months_other, { count: 8 })}`,
        },
      ]),
    );
  });
});
