import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { spanParts } from '../time-range';

/** A duration in ms as words of the interface language, e.g. "1 h 15 min". */
export function useSpanText(): (ms: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (ms) =>
      spanParts(ms)
        .map((p) => t(`stationReport.span.${p.unit}`, { count: p.count }))
        .join(' '),
    [t],
  );
}
