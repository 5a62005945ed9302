import { type PlanDelivery, type PlanDeliveryPageBody, type PlannedVsActualBody, planCurveApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { HistoryPlanCurvePage } from './history-plan-curve-page';

type Series = { id: string; name: string; data: unknown[]; step?: string };
const charts = vi.hoisted(() => ({ options: [] as { series?: Series[] }[] }));
vi.mock('@/lib/charts/echart', () => ({
  EChart: ({ option }: { option: { series?: Series[] } }) => {
    charts.options.push(option);
    return <div data-testid="echart" />;
  },
}));

const SLOW = { timeout: 8000 };

const delivery: PlanDelivery = {
  id: 12,
  templateId: 1,
  templateCode: 'PC-1',
  templateName: 'Night charge',
  templateModifyTime: 1_700_000_000_000,
  state: 'partial',
  issuedBy: 'Olga Operator',
  createTime: 1_700_000_050_000,
  stations: [
    {
      stationId: 5,
      stationName: 'Station 5',
      stationCode: 'JS-5',
      commandId: 105,
      state: 'success',
      message: 'plan accepted',
      sentTime: 1_700_000_060_000,
      resolvedTime: 1_700_000_070_000,
      execution: 'notExecuting',
      controlSource: 'setpoint',
      controlSince: 1_700_000_080_000,
    },
    {
      stationId: 6,
      stationName: 'Station 6',
      stationCode: 'JS-6',
      commandId: 106,
      state: 'timeout',
      message: 'no answer from the EMS',
      sentTime: 1_700_000_060_000,
      resolvedTime: 1_700_000_160_000,
      execution: null,
      controlSource: null,
      controlSince: null,
    },
  ],
  segments: [{ start: '00:00', end: '06:00', powerKw: -250, socMax: 95, socMin: 10 }],
};

/** 96 quarter-hours: the plan charges until 06:00, the battery follows a little short of it. */
const times = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);
const planned = times.map((_, i) => (i < 24 ? -250 : 0));
const actual = times.map((_, i) => (i < 24 ? -240 : i < 40 ? 0 : null));

describe('plan curve delivery history', { timeout: 60_000 }, () => {
  let pages: PlanDeliveryPageBody[];
  let charted: PlannedVsActualBody[];
  beforeEach(() => {
    pages = [];
    charted = [];
    charts.options.length = 0;
    apiServer.use(
      ...sessionHandlers([]),
      answer(planCurveApi.deliveryPage, (q) => {
        pages.push(q);
        const { segments: _s, ...row } = delivery;
        return { rows: [row], total: 1 };
      }),
      answer(planCurveApi.deliveryDetail, delivery),
      answer(planCurveApi.page, { rows: [], total: 0 }),
      answer(planCurveApi.plannedVsActual, (b) => {
        charted.push(b);
        return {
          stationId: b.stationId,
          date: b.date,
          timezone: 'Asia/Shanghai',
          ratedPowerKw: 1000,
          times,
          planned,
          actual,
          soc: times.map(() => 50),
          plans: [{ deliveryId: 12, templateCode: 'PC-1', templateName: 'Night charge', since: 1_700_000_070_000 }],
        };
      }),
    );
  });

  it('lists deliveries with their outcome per state and opens the per-station detail', async () => {
    renderWithClient(<HistoryPlanCurvePage />);
    const row = await screen.findByTestId('plan-history-row-12', {}, SLOW);
    expect(within(row).getByText('PC-1 · Night charge')).toBeTruthy();
    expect(within(row).getByText('Olga Operator')).toBeTruthy();
    expect(screen.getByTestId('plan-history-state-12').dataset.state).toBe('partial');
    expect(within(row).getByTestId('command-state-success')).toBeTruthy();
    expect(within(row).getByTestId('command-state-timeout')).toBeTruthy();
    expect(pages[0]).toEqual({ pageNum: 1, pageSize: 10 });

    fireEvent.click(screen.getByTestId('plan-history-detail-12'));
    const detail = await screen.findByTestId('plan-history-detail', {}, SLOW);
    await waitFor(() => expect(within(detail).getByTestId('plan-status-6').dataset.state).toBe('timeout'), SLOW);
    expect(within(detail).getByTestId('plan-status-5').dataset.state).toBe('success');
    expect(within(detail).getByTestId('plan-status-message-6').textContent).toBe('no answer from the EMS');
  });

  it('charts planned versus actual power of the current station and day, both in kW', async () => {
    renderWithClient(<HistoryPlanCurvePage />);
    await waitFor(() => expect(charted).toHaveLength(1), SLOW);
    expect(charted[0]?.stationId).toBe(5);
    expect(charted[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const card = screen.getByTestId('plan-vs-actual');
    await within(card).findByTestId('echart', {}, SLOW);
    expect(within(card).getByText(/PC-1 · Night charge/)).toBeTruthy();
    const option = charts.options.at(-1);
    const series = option?.series ?? [];
    expect(series.map((s) => s.id)).toEqual(['planned', 'actual']);
    expect(series.map((s) => s.name)).toEqual(['Planned power', 'Actual power']);
    expect(series[0]?.step).toBe('end');
    expect(series[0]?.data).toEqual(planned);
    expect(series[1]?.data).toEqual(actual);
  });
});
