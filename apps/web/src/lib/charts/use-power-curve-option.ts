import type { StationSummary } from '@ess/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { powerCurveOption } from './power-curve-option';

type Curve = Parameters<typeof powerCurveOption>[0];

/** Today's power curve option in the user's language and number format; null until the curve came. */
export function usePowerCurveOption(curve: Curve | undefined, live: StationSummary | null): EChartsCoreOption | null {
  const { t } = useTranslation();
  const f = useFormat();
  return useMemo(
    () =>
      curve
        ? powerCurveOption(
            curve,
            live,
            {
              storagePower: t('siteHome.curve.storage'),
              pvPower: t('siteHome.curve.pv'),
              loadPower: t('siteHome.curve.load'),
              gridPower: t('siteHome.curve.grid'),
              power: t('siteHome.curve.power'),
            },
            (v) => f.energy(v, 'kW'),
            (v) => f.short(v),
          )
        : null,
    [curve, live, t, f],
  );
}
