import {
  addDays,
  localDateOf,
  PLAN_CURVE_PERMS,
  type PlanCurveBody,
  planCurveApi,
  STRATEGY_PERMS,
  strategyApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { budgetOf } from '../test-data';
import { BudgetPage } from './budget-page';

vi.mock('@/lib/charts/echart', () => ({ EChart: () => <div data-testid="echart" /> }));

const SLOW = { timeout: 5000 };
const TOMORROW = addDays(localDateOf(Date.now(), 'Asia/Shanghai'), 1);

describe('budget with strategy generation page', () => {
  let asked: (string | undefined)[];
  let added: PlanCurveBody[];
  beforeEach(() => {
    asked = [];
    added = [];
    apiServer.use(
      ...sessionHandlers([STRATEGY_PERMS.budgetGenerate, PLAN_CURVE_PERMS.add]),
      answer(strategyApi.budget, (b) => {
        asked.push(b.date);
        return budgetOf(b.date ?? TOMORROW);
      }),
      answer(planCurveApi.add, (b) => {
        added.push(b);
        return {
          id: 12,
          code: b.code,
          name: b.name,
          stationId: b.stationId ?? null,
          stationName: null,
          segments: b.segments,
          enabled: true,
          editable: true,
          modifyTime: 1,
          modifiedBy: null,
          createTime: 1,
        };
      }),
    );
  });

  it('generates the optimal schedule: revenue per day and month, uplift, violation; saves it as a template', async () => {
    renderWithClient(<BudgetPage />);
    fireEvent.click(await screen.findByTestId('budget-run', {}, SLOW));
    const result = await screen.findByTestId('budget-result', {}, SLOW);
    expect(asked).toEqual([TOMORROW]);
    expect(within(result).getByTestId('figure-day-revenue').textContent).toContain('412.34 RMB');
    expect(within(result).getByTestId('figure-day-revenue').textContent).toContain('Rule-based 300.50 RMB');
    expect(within(result).getByTestId('figure-month-revenue').textContent).toContain('12.37 k RMB');
    expect(within(result).getByTestId('figure-month-revenue').textContent).toContain(
      `${TOMORROW.slice(0, 7)}, 30 days`,
    );
    expect(within(result).getByTestId('figure-uplift').textContent).toContain('+37.2 %');
    expect(within(result).getByTestId('budget-violation').textContent).toContain('15.0 kW');
    expect(within(result).getAllByTestId('echart')).toHaveLength(2);

    fireEvent.click(await screen.findByTestId('save-plan-template', {}, SLOW));
    const dialog = await screen.findByTestId('save-plan-template-form', {}, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Number'), { target: { value: 'LP-1' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Optimal day' } });
    fireEvent.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toEqual({
      code: 'LP-1',
      name: 'Optimal day',
      stationId: 5,
      segments: budgetOf(TOMORROW).optimal.segments,
      enabled: true,
    });
  }, 60_000);

  it('shows an uplift that rounds to zero as "0.0 %", unsigned and in no gain or loss colour', async () => {
    apiServer.use(answer(strategyApi.budget, (b) => ({ ...budgetOf(b.date ?? TOMORROW), upliftPct: -0.00001 })));
    renderWithClient(<BudgetPage />);
    fireEvent.click(await screen.findByTestId('budget-run', {}, SLOW));
    const uplift = within(await screen.findByTestId('budget-result', {}, SLOW)).getByTestId('figure-uplift');
    expect(uplift.textContent).toContain('0.0 %');
    expect(uplift.textContent).not.toContain('-0.0');
    expect([...uplift.querySelectorAll<HTMLElement>('[style]')].map((e) => e.style.color).filter(Boolean)).toEqual([]);
  });

  it("shows a compute failure in the server's words, and what the station lacks as a warning", async () => {
    apiServer.use(answer(strategyApi.budget, { fail: { status: 500, code: 500, msg: 'Computation failed' } }));
    renderWithClient(<BudgetPage />);
    fireEvent.click(await screen.findByTestId('budget-run', {}, SLOW));
    const error = await screen.findByTestId('budget-error', {}, SLOW);
    expect(error.textContent).toContain('Computation failed');
    expect(error.className).toContain('ant-alert-error');
    expect(screen.queryByTestId('save-plan-template')).toBeNull();

    apiServer.use(
      answer(strategyApi.budget, {
        fail: { status: 409, code: 409, msg: 'The station has no load history to forecast from' },
      }),
    );
    fireEvent.click(screen.getByTestId('budget-run'));
    await waitFor(
      () => expect(screen.getByTestId('budget-error').textContent).toContain('no load history to forecast from'),
      SLOW,
    );
    expect(screen.getByTestId('budget-error').className).toContain('ant-alert-warning');
  }, 60_000);

  it('offers no generate button without its permission', async () => {
    apiServer.use(...sessionHandlers([]));
    renderWithClient(<BudgetPage />);
    await screen.findByTestId('budget-page', {}, SLOW);
    await screen.findByText('Choose a date and press "Generate strategy"', {}, SLOW);
    // The permission check waits for user info; give it a moment to arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('budget-run')).toBeNull();
  }, 60_000);
});
