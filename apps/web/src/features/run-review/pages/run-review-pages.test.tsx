import {
  REVIEW_CODES,
  REVIEW_PERMS,
  REVIEW_RULES,
  type ReviewBody,
  type ReviewResult,
  reviewApi,
  sessionApi,
  shellApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { tokenStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { RUN_REVIEW_LOCALE } from '../locale';
import { CapacityReviewPage, DeviceStatusReviewPage, EfficiencyReviewPage } from './run-review-pages';

const EN = RUN_REVIEW_LOCALE.en_US.runReview;

/** An answer as the server makes it: dispatch response without data, the rest scored. */
const scores: Record<string, number | null> = { dispatchResponse: null };
const indicators = REVIEW_CODES.map((code, i) => ({
  code,
  value: scores[code] === null ? null : 80 + i,
  unit: REVIEW_RULES[code].unit,
  score: scores[code] === null ? null : 50 + i,
  weight: REVIEW_RULES[code].weight,
}));
const result: ReviewResult = {
  total: 77.5,
  partial: true,
  indicators,
  ratedPowerKw: 500,
  capacityKwh: 1000,
  cycles: 12.5,
  dispatch: { quarters: 96, within: 90, tolerancePct: 10 },
  commands: { success: 0, failure: 0, timeout: 0 },
  days: [
    {
      date: '2026-11-01',
      chargeKwh: 900,
      dischargeKwh: 800,
      auxKwh: 20,
      maxChargeKw: 480,
      maxDischargeKw: 470,
      whole: true,
      lostHours: 0,
      lostBy: { offline: 0, alarm: 0, workOrder: 0 },
      socStart: 40,
      socEnd: 42,
    },
    {
      date: '2026-11-02',
      chargeKwh: 400,
      dischargeKwh: null,
      auxKwh: 10,
      maxChargeKw: 300,
      maxDischargeKw: null,
      whole: false,
      lostHours: 6.5,
      lostBy: { offline: 5.5, alarm: 1, workOrder: 0 },
      socStart: null,
      socEnd: null,
    },
  ],
};

const user: UserInfo = {
  userId: 2,
  deptId: 1,
  deptName: 'G-JS',
  username: 'operator',
  realName: null,
  roles: ['operator'],
  powerList: [REVIEW_PERMS.efficiency],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};

function renderPage(page: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('run review pages', () => {
  let asked: ReviewBody[];
  beforeEach(() => {
    asked = [];
    useSession.setState({ stationId: 2, token: 'tok' });
    tokenStore.set('tok');
    apiServer.use(
      answer(shellApi.stationTree, stationTreeOf(stationNode(2))),
      answer(sessionApi.userInfo, user),
      answer(reviewApi.reviewRanking, {
        rows: [
          { stationId: 2, stationName: 'Suzhou', total: 77.5, partial: true, indicators },
          { stationId: 3, stationName: 'Nanjing', total: null, partial: true, indicators: [] },
        ],
      }),
      answer(reviewApi.reviewScore, (body) => {
        asked.push(body);
        return result;
      }),
    );
  });

  it('shows the total, the page’s indicators first with formulas, a missing one as such, and the days', async () => {
    renderPage(<EfficiencyReviewPage />);
    const total = await screen.findByTestId('review-total');
    expect(total.textContent).toContain('77.5');
    expect(screen.getByText(EN.partial)).toBeTruthy();
    const rows = within(screen.getByTestId('review-indicators')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain(EN.code.efficiency);
    expect(rows[0]?.textContent).toContain(EN.formula.efficiency);
    const dispatch = rows.find((r) => r.textContent?.includes(EN.code.dispatchResponse));
    expect(dispatch?.textContent).toContain(EN.noScore);
    const days = within(screen.getByTestId('review-days')).getAllByRole('row').slice(1);
    expect(days.map((r) => r.textContent)).toEqual([
      expect.stringContaining('2026-11-01'),
      expect.stringContaining('6.5'),
    ]);
    expect(asked.at(-1)).toMatchObject({ stationId: 2 });
    const ranked = await within(await screen.findByTestId('review-ranking')).findAllByRole('row');
    expect(ranked.slice(1).map((r) => r.textContent)).toEqual([
      expect.stringContaining('Suzhou'),
      expect.stringContaining('Nanjing'),
    ]);
    // The ranking leaves as Excel for whoever may read it.
    expect(screen.getByTestId('review-export').textContent).toContain('Export');
  });

  it('asks again for the range chosen', async () => {
    renderPage(<DeviceStatusReviewPage />);
    await screen.findByTestId('review-total');
    const rows = within(screen.getByTestId('review-indicators')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain(EN.code.unplannedOutage);
    fireEvent.click(within(screen.getByTestId('review-range')).getByText(EN.range.last7));
    await waitFor(() => {
      const last = asked.at(-1);
      expect(last && Date.parse(last.to) - Date.parse(last.from)).toBe(6 * 86_400_000);
    });
  });

  it('shows power and energy first on the capacity page, with the daily power trend', async () => {
    renderPage(<CapacityReviewPage />);
    await screen.findByTestId('review-total');
    const rows = within(screen.getByTestId('review-indicators')).getAllByRole('row').slice(1);
    expect(rows.slice(0, 2).map((r) => r.textContent)).toEqual([
      expect.stringContaining(EN.code.power),
      expect.stringContaining(EN.code.energy),
    ]);
    expect(screen.getByText(EN.powerTrend)).toBeTruthy();
  });
});
