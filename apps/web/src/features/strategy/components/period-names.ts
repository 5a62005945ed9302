import type { TouPeriod } from '@ess/contract';
import type { TFunction } from 'i18next';

/** The TOU periods' names in the interface language. */
export const periodNames = (t: TFunction): Record<TouPeriod, string> => ({
  sharp: t('strategy.period.sharp'),
  peak: t('strategy.period.peak'),
  flat: t('strategy.period.flat'),
  valley: t('strategy.period.valley'),
  deepValley: t('strategy.period.deepValley'),
});
