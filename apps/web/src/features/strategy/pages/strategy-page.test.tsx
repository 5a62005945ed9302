import {
  addDays,
  localDateOf,
  PLAN_CURVE_PERMS,
  type PlanCurveBody,
  planCurveApi,
  STRATEGY_PERMS,
  type StrategySettingsSaveBody,
  strategyApi,
} from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { dailyPlanOf, settingsOf } from '../test-data';
import { StrategyPage } from './strategy-page';

vi.mock('@/lib/charts/echart', () => ({ EChart: () => <div data-testid="echart" /> }));

const SLOW = { timeout: 5000 };
const TOMORROW = addDays(localDateOf(Date.now(), 'Asia/Shanghai'), 1);

describe('peak shaving strategy page', () => {
  let saved: StrategySettingsSaveBody[];
  let planDates: (string | undefined)[];
  let added: PlanCurveBody[];
  beforeEach(() => {
    saved = [];
    planDates = [];
    added = [];
    apiServer.use(
      ...sessionHandlers([STRATEGY_PERMS.settingsEdit, PLAN_CURVE_PERMS.add]),
      answer(strategyApi.settings, settingsOf({ saved: false })),
      answer(strategyApi.saveSettings, (b) => {
        saved.push(b);
        return null;
      }),
      answer(strategyApi.dailyPlan, (b) => {
        planDates.push(b.date);
        return dailyPlanOf(b.date ?? TOMORROW);
      }),
      answer(planCurveApi.add, (b) => {
        added.push(b);
        return {
          id: 11,
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

  it('refuses SOC limits out of order with the form’s words, then saves the settings as fractions', async () => {
    renderWithClient(<StrategyPage />);
    const form = await screen.findByTestId('strategy-settings-form', {}, SLOW);
    await waitFor(() =>
      expect((within(form).getByLabelText('SOC lower limit (%)') as HTMLInputElement).value).toBe('10'),
    );
    expect(within(form).getByText('Not saved yet: these are the defaults')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('SOC lower limit (%)'), { target: { value: '96' } });
    fireEvent.click(screen.getByTestId('strategy-settings-save'));
    expect(
      await within(form).findByText(
        'The SOC lower limit must be below the upper limit, the end-of-day target between them',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(within(form).getByLabelText('SOC lower limit (%)'), { target: { value: '15' } });
    fireEvent.change(within(form).getByLabelText('End-of-day SOC target (%)'), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('Demand limit (kW)'), { target: { value: '650' } });
    fireEvent.change(within(form).getByLabelText('Charge efficiency (%)'), { target: { value: '92' } });
    fireEvent.click(screen.getByTestId('strategy-settings-save'));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]).toEqual({
      stationId: 5,
      demandLimitKw: 650,
      antiBackflow: true,
      socMin: 15,
      socMax: 95,
      socEndTarget: 20,
      degradationCostPerKwh: 0.02,
      etaCharge: 0.92,
      etaDischarge: 0.95,
      enabled: true,
    });
  }, 60_000);

  it('hides the save button without the edit permission', async () => {
    apiServer.use(...sessionHandlers([]));
    renderWithClient(<StrategyPage />);
    await screen.findByTestId('strategy-settings-form', {}, SLOW);
    await screen.findByTestId('figure-revenue', {}, SLOW);
    expect(screen.queryByTestId('strategy-settings-save')).toBeNull();
    expect(screen.queryByTestId('save-plan-template')).toBeNull();
  }, 60_000);

  it("plans tomorrow on the station's clock with its totals, and saves the plan's segments as a template", async () => {
    renderWithClient(<StrategyPage />);
    const plan = await screen.findByTestId('strategy-daily-plan', {}, SLOW);
    await within(plan).findByTestId('figure-revenue', {}, SLOW);
    expect(planDates[0]).toBe(TOMORROW);
    expect(within(plan).getByTestId('figure-charged').textContent).toContain('800.0 kWh');
    expect(within(plan).getByTestId('figure-discharged').textContent).toContain('750.0 kWh');
    expect(within(plan).getByTestId('figure-revenue').textContent).toContain('300.50 RMB');
    expect(within(plan).getByText('Price template: Jiangsu commercial')).toBeTruthy();
    expect(within(plan).getByTestId('echart')).toBeTruthy();

    fireEvent.click(await within(plan).findByTestId('save-plan-template', {}, SLOW));
    const dialog = await screen.findByTestId('save-plan-template-form', {}, SLOW);
    expect((within(dialog).getByLabelText('Number') as HTMLInputElement).value).toBe(
      `JS-5-${TOMORROW.replaceAll('-', '')}`,
    );
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Valley charge, peak discharge' } });
    fireEvent.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(added).toHaveLength(1), SLOW);
    expect(added[0]).toEqual({
      code: `JS-5-${TOMORROW.replaceAll('-', '')}`,
      name: 'Valley charge, peak discharge',
      stationId: 5,
      segments: dailyPlanOf(TOMORROW).plan.segments,
      enabled: true,
    });
  }, 60_000);

  it('says in the server’s words when the day has no price template', async () => {
    apiServer.use(
      answer(strategyApi.dailyPlan, {
        fail: { status: 409, code: 409, msg: 'The station has no rate template in force on 2026-11-26' },
      }),
    );
    renderWithClient(<StrategyPage />);
    const error = await screen.findByTestId('strategy-plan-error', {}, SLOW);
    expect(error.textContent).toContain('no rate template in force');
    expect(screen.queryByTestId('save-plan-template')).toBeNull();
  }, 60_000);
});
