import {
  type IncomeResult,
  type PeriodEnergy,
  TOU_PERIODS,
  type TouPeriod,
  type TouPrices,
  type TouTemplateInfo,
} from '@ess/contract';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/types';
import { type EnergyDay, type EnergyService, revenueOf, type TouTemplateRow } from '../energy/energy.service';
import { fromMicro, type PeriodMicro, sumPeriods, zeroPeriods } from '../energy/period-split';
import { assertStationInScope } from '../station/station-scope.service';

const templateInfo = (t: TouTemplateRow): TouTemplateInfo => ({
  id: t.id,
  code: t.code,
  name: t.name,
  currency: t.currency,
  segments: t.segments,
  prices: t.prices,
  validFrom: t.validFrom,
  validTo: t.validTo,
});

const onePeriod = (p: TouPeriod, prices: TouPrices | null) => {
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
 * earnings-glance and charge-discharge-data screens), with monthly totals and the template used.
 */
export class IncomeService {
  constructor(
    private readonly db: Db,
    private readonly energy: EnergyService,
  ) {}

  async incomeData(user: SessionUser, body: { stationId: number; from: string; to: string }): Promise<IncomeResult> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const template = await this.energy.template(station);
    const prices = template?.prices ?? null;
    const days: EnergyDay[] =
      (await this.energy.storageByPeriod(station, body.from, body.to, template?.segments ?? null)) ?? [];
    const summary = (charge: PeriodMicro, discharge: PeriodMicro): PeriodEnergy => ({
      chargeKwh: fromMicro(sumPeriods(charge)),
      dischargeKwh: fromMicro(sumPeriods(discharge)),
      revenue: prices ? revenueOf(charge, discharge, prices) : null,
    });

    const months = new Map<string, { charge: PeriodMicro; discharge: PeriodMicro }>();
    let charge = zeroPeriods();
    let discharge = zeroPeriods();
    for (const d of days) {
      const key = d.date.slice(0, 7);
      const m = months.get(key) ?? { charge: zeroPeriods(), discharge: zeroPeriods() };
      months.set(key, { charge: add(m.charge, d.charge), discharge: add(m.discharge, d.discharge) });
      charge = add(charge, d.charge);
      discharge = add(discharge, d.discharge);
    }
    return {
      stationId: station.id,
      timezone: station.timezone,
      currency: template?.currency ?? 'CNY',
      template: template ? templateInfo(template) : null,
      days: days.map((d) => ({
        date: d.date,
        hasData: d.hasData,
        ...summary(d.charge, d.discharge),
        periods: Object.fromEntries(TOU_PERIODS.map((p) => [p, onePeriod(p, prices)(d.charge, d.discharge)])) as Record<
          TouPeriod,
          PeriodEnergy
        >,
      })),
      months: [...months].map(([month, m]) => ({ month, ...summary(m.charge, m.discharge) })),
      total: summary(charge, discharge),
    };
  }
}
