import {
  addDays,
  type DayIncome,
  type IncomeExportBody,
  type IncomeResult,
  monitoringApi,
  sessionApi,
  shellApi,
  TOU_PERIODS,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en_US } from '@/lib/i18n/locales/en_US';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { ENERGY_REPORT_LOCALE } from '../locale';
import { ChargeDischargePage } from './charge-discharge-page';
import { EarningsGlancePage } from './earnings-glance-page';

const EN = ENERGY_REPORT_LOCALE.en_US.energyReport;
/** The rows of runs without data speak the core table words. */
const RUN = en_US.table.emptyRun;

/**
 * Eleven station days from 30 October: `x` a day with readings, `.` one without — a run of three
 * at the start (across the month's end), a single day in the middle, a run of two at the end.
 */
const PATTERN = '...xx.xxx..';
const FIRST = '2026-10-30';
const dates = [...PATTERN].map((_, i) => addDays(FIRST, i));
const date = (i: number): string => dates[i] ?? '';

function incomeDay(i: number): DayIncome {
  const hasData = PATTERN[i] === 'x';
  const charge = hasData ? 100 + i : 0;
  const discharge = hasData ? 90 + i : 0;
  const periods = Object.fromEntries(
    TOU_PERIODS.map((p) => [
      p,
      p === 'flat'
        ? { chargeKwh: charge, dischargeKwh: discharge, revenue: null }
        : { chargeKwh: 0, dischargeKwh: 0, revenue: null },
    ]),
  ) as DayIncome['periods'];
  return { date: date(i), hasData, chargeKwh: charge, dischargeKwh: discharge, revenue: null, periods };
}

const days = dates.map((_, i) => incomeDay(i));
const sum = (ds: DayIncome[], k: 'chargeKwh' | 'dischargeKwh') => ds.reduce((s, d) => s + d[k], 0);
const monthOf = (m: string) => {
  const ds = days.filter((d) => d.date.startsWith(m));
  return { month: m, chargeKwh: sum(ds, 'chargeKwh'), dischargeKwh: sum(ds, 'dischargeKwh'), revenue: null };
};
const income: IncomeResult = {
  stationId: 2,
  timezone: 'Asia/Shanghai',
  currency: 'CNY',
  template: null,
  days,
  months: [...new Set(dates.map((d) => d.slice(0, 7)))].map(monthOf),
  total: { chargeKwh: sum(days, 'chargeKwh'), dischargeKwh: sum(days, 'dischargeKwh'), revenue: null },
};

const user: UserInfo = {
  userId: 2,
  deptId: 1,
  deptName: 'G-JS',
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList: ['surveillance:charge:export'],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};

/** The listing of a table: each row's key and its period cell's text. */
function listing(table: HTMLElement) {
  return [...table.querySelectorAll<HTMLElement>('tbody tr[data-row-key]')].map((tr) => ({
    key: tr.dataset.rowKey,
    text: tr.querySelector('td')?.textContent?.trim(),
  }));
}

/** A locale text with its `{{values}}` filled in. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
/** The period cell of a run of more than one day. */
const run = (from: number, to: number) =>
  `${fill(RUN.span, { from: date(from), to: date(to) })} ${fill(RUN.days_other, { count: to - from + 1 })}`;

/** What the fixture's days list as: newest first, each run without data once. */
const EXPECTED_DAYS = [
  { key: date(9), text: run(9, 10) },
  ...[8, 7, 6].map((i) => ({ key: date(i), text: date(i) })),
  { key: date(5), text: `${date(5)} ${EN.noData}` },
  ...[4, 3].map((i) => ({ key: date(i), text: date(i) })),
  { key: date(0), text: run(0, 2) },
];

function renderPage(page: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('energy report tables', () => {
  let asked: { from: string; to: string }[];
  beforeEach(() => {
    asked = [];
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    apiServer.use(
      answer(shellApi.stationTree, stationTreeOf(stationNode(2))),
      answer(sessionApi.userInfo, user),
      answer(monitoringApi.incomeData, (body) => {
        asked.push({ from: body.from, to: body.to });
        return income;
      }),
    );
  });

  it('charge-discharge: days newest first, a run without data as one row, the total last', async () => {
    renderPage(<ChargeDischargePage />);
    const table = await screen.findByTestId('income-table');
    await waitFor(() => expect(listing(table)).toEqual(EXPECTED_DAYS));
    // Eleven days, three runs: not one "no data" row per day.
    expect(within(table).getAllByTestId('empty-run')).toHaveLength(3);
    const total = screen.getByTestId('income-total');
    expect(total.textContent).toContain(EN.total);
  });

  it('earnings: days and months newest first, runs without data collapsed', async () => {
    renderPage(<EarningsGlancePage />);
    const table = await screen.findByTestId('revenue-table');
    await waitFor(() => expect(listing(table)).toEqual(EXPECTED_DAYS));
    fireEvent.click(within(screen.getByTestId('earnings-granularity')).getByText(EN.earnings.byMonth));
    // November has readings; October's two days have none: one marked month below it.
    const [october, november] = income.months.map((m) => m.month);
    await waitFor(() =>
      expect(listing(table)).toEqual([
        { key: november, text: november },
        { key: october, text: `${october} ${EN.noData}` },
      ]),
    );
  });

  describe('earnings export', () => {
    const saved: string[] = [];
    beforeEach(() => {
      saved.length = 0;
      // jsdom saves no files: the object URL and the link's click are the browser's part.
      Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:export' });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('downloads the shown range of the current station from the earnings export', async () => {
      const bodies: IncomeExportBody[] = [];
      apiServer.use(
        answer(monitoringApi.earningsExport, (body) => {
          bodies.push(body);
          // A file answer: the test server sends a body of its own.
          return undefined;
        }),
      );
      renderPage(<EarningsGlancePage />);
      fireEvent.mouseEnter(await screen.findByTestId('income-export'));
      fireEvent.click(await screen.findByText(EN.export.csv));
      await waitFor(() => expect(saved).toEqual([`${EN.earnings.title}.csv`]));
      expect(bodies).toEqual([{ stationId: 2, ...asked.at(-1), format: 'csv' }]);
    });
  });
});
