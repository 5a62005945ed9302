import {
  type IncomeResult,
  isWholeDay,
  type Lang,
  type PeriodEnergy,
  TOU_PERIODS,
  type TouPeriod,
  type TouPrices,
  type TouTemplateInfo,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import { rowName } from '../../stations/device';
import {
  type EnergyService,
  fromMicro,
  type PeriodMicro,
  type PricedDay,
  revenueOf,
  roundMoney,
  sumPeriods,
  type TouTemplateRow,
  zeroPeriods,
} from '../energy';

const templateInfo =
  (lang: Lang) =>
  (t: TouTemplateRow): TouTemplateInfo => ({
    id: t.id,
    code: t.code,
    name: rowName(t, lang),
    currency: t.currency,
    segments: t.segments,
    prices: t.prices,
    validFrom: t.validFrom,
    validTo: t.validTo,
    electricityType: t.electricityType,
  });

const onePeriod = (p: TouPeriod, prices: TouPrices | null | undefined) => {
  const only = (m: PeriodMicro): PeriodMicro => ({ ...zeroPeriods(), [p]: m[p] });
  return (charge: PeriodMicro, discharge: PeriodMicro): PeriodEnergy => ({
    chargeKwh: fromMicro(charge[p]),
    dischargeKwh: fromMicro(discharge[p]),
    revenue: prices ? revenueOf(only(charge), only(discharge), prices) : null,
  });
};

const add = (a: PeriodMicro, b: PeriodMicro): PeriodMicro =>
  Object.fromEntries(TOU_PERIODS.map((p) => [p, a[p] + b[p]])) as PeriodMicro;

/**
 * Daily arbitrage revenue and charge-discharge energy by TOU period (spec 7 `incomeData`; the
 * earnings-glance and charge-discharge-data screens), with monthly totals. Each day is cut and
 * priced by the template valid on it (rate-lookup.ts); `template` is the newest one used in the
 * range (else the one valid today), `templates` all of them.
 */
export class IncomeService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
  ) {}

  async incomeData(
    user: SessionUser,
    body: { stationId: number; from: string; to: string },
    lang: Lang,
  ): Promise<IncomeResult> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const days: PricedDay[] = (await this.energy.pricedDays(station, body.from, body.to)) ?? [];
    // Each day is priced by the template valid on it; months and the total add the days' revenue.
    const used = [...new Map(days.flatMap((d) => (d.template ? [[d.template.id, d.template] as const] : []))).values()];
    const template = used.at(-1) ?? (await this.energy.templateToday(station));
    const dayFigures = (d: PricedDay): PeriodEnergy => ({
      chargeKwh: fromMicro(sumPeriods(d.charge)),
      dischargeKwh: fromMicro(sumPeriods(d.discharge)),
      revenue: d.template ? revenueOf(d.charge, d.discharge, d.template.prices) : null,
    });
    const sumOf = (list: PricedDay[]): PeriodEnergy => {
      let charge = zeroPeriods();
      let discharge = zeroPeriods();
      let revenue: number | null = null;
      for (const d of list) {
        charge = add(charge, d.charge);
        discharge = add(discharge, d.discharge);
        const r = dayFigures(d).revenue;
        if (r !== null) revenue = (revenue ?? 0) + r;
      }
      return {
        chargeKwh: fromMicro(sumPeriods(charge)),
        dischargeKwh: fromMicro(sumPeriods(discharge)),
        revenue: revenue === null ? null : roundMoney(revenue),
      };
    };

    const months = new Map<string, PricedDay[]>();
    for (const d of days) {
      const key = d.date.slice(0, 7);
      months.set(key, [...(months.get(key) ?? []), d]);
    }
    return {
      stationId: station.id,
      timezone: station.timezone,
      currency: template?.currency ?? 'CNY',
      template: template ? templateInfo(lang)(template) : null,
      templates: used.map(templateInfo(lang)),
      days: days.map((d) => ({
        date: d.date,
        hasData: d.hasData,
        templateId: d.template?.id ?? null,
        whole: isWholeDay(d.coverage),
        ...dayFigures(d),
        periods: Object.fromEntries(
          TOU_PERIODS.map((p) => [p, onePeriod(p, d.template?.prices)(d.charge, d.discharge)]),
        ) as Record<TouPeriod, PeriodEnergy>,
      })),
      months: [...months].map(([month, m]) => ({ month, ...sumOf(m) })),
      total: sumOf(days),
    };
  }
}
