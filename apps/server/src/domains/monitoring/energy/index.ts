/** The energy module's public face: what other modules may use. */

export { AUX_COUNTER, auxiliaryCounterIds, auxiliaryDays } from './auxiliary-energy';
export type { CounterDay } from './counter-days';
export { counterDays } from './counter-days';
export { STORED_DAYS_BACK } from './ended-days';
export type { CounterBucket } from './energy.repository';
export { counterBuckets } from './energy.repository';
export type { PricedDay, StorageDayFigures, TouTemplateRow } from './energy.service';
export { dayRevenue, EnergyService, revenueOf, roundMoney, storageDayFigures, storageDays } from './energy.service';
export type { PeriodMicro } from './period-split';
export { bucketMicro, fromMicro, sumPeriods, zeroPeriods } from './period-split';
export { pvDays } from './pv-energy';
