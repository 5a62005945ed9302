/** The energy module's public face: what other modules may use. */

export type { CounterBucket } from './energy.repository';
export { counterBuckets } from './energy.repository';
export type { PricedDay, StorageDayFigures, TouTemplateRow } from './energy.service';
export { dayRevenue, EnergyService, revenueOf, roundMoney, storageDayFigures, storageDays } from './energy.service';
export type { PeriodMicro } from './period-split';
export { bucketMicro, fromMicro, sumPeriods, zeroPeriods } from './period-split';
