import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useStationTime } from '@/lib/station/station-time';
import { type DateRange, includesDay, presetRange, type RangePreset, rangeProblem } from './income-range';

/**
 * The chosen preset or custom range, the dates to ask for (null while the custom range is
 * invalid); presets end on the station's today.
 */
export function useRangeState(initial: RangePreset = 'last30') {
  const [preset, setPreset] = useState<RangePreset>(initial);
  const [custom, setCustom] = useState<DateRange | null>(null);
  const today = useStationTime().today(Date.now());
  return useMemo(() => {
    const chosen = preset === 'custom' ? custom : presetRange(preset, dayjs(today));
    const problem = preset === 'custom' ? rangeProblem(custom) : null;
    const range = problem ? null : chosen;
    return {
      preset,
      custom,
      range,
      problem,
      includesToday: range ? includesDay(range, today) : false,
      setPreset: (p: RangePreset) => {
        // Custom starts from what was on screen, so the picker opens on the same dates.
        if (p === 'custom' && !custom) setCustom(chosen);
        setPreset(p);
      },
      setCustom,
    };
  }, [preset, custom, today]);
}
