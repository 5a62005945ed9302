import { planCurveApi, type StrategyBudget, type StrategyDayBody, strategyApi } from '@ess/contract';
import { useMutation } from '@tanstack/react-query';
import { useEndpointMutation } from '@/components/crud';
import { call } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';

// Silent calls: a failure shows on the card in the server's words, not only as a toast.
const SILENT = { call: { silent: true } } as const;

/** A station's strategy settings (null: no station chosen yet). */
export const useStrategySettings = (stationId: number | null) =>
  useEndpoint(strategyApi.settings, stationId === null ? null : { stationId });

/** Saving settings changes the plan and budget they give. */
export const useSaveStrategySettings = () =>
  useEndpointMutation(strategyApi.saveSettings, {
    invalidate: [strategyApi.settings, strategyApi.dailyPlan, strategyApi.budget],
  });

/** The rule-based plan of one local day. */
export const useDailyPlan = (stationId: number, date: string) =>
  useEndpoint(strategyApi.dailyPlan, { stationId, date }, SILENT);

/** A station's day-ahead load forecast. */
export const useLoadForecast = (stationId: number | null, date: string) =>
  useEndpoint(strategyApi.forecast, stationId === null ? null : { stationId, date }, SILENT);

/** The forecast's accuracy over past days. */
export const useBacktest = (stationId: number, days: number) =>
  useEndpoint(strategyApi.backtest, { stationId, days }, SILENT);

/** The budget is computed on demand, for the day asked. */
export const useBudgetRun = () =>
  useMutation<StrategyBudget, Error, StrategyDayBody>({
    mutationFn: (body) => call(strategyApi.budget, body, { silent: true }),
  });

/** A plan saved as a plan curve template, listed at once on the plan curve page. */
export const useAddPlanTemplate = () => useEndpointMutation(planCurveApi.add, { invalidate: [planCurveApi.page] });
