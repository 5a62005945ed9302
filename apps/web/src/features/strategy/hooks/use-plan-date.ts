import { addDays } from '@ess/contract';
import { useState } from 'react';
import { useStationTime } from '@/lib/station/station-time';

/**
 * The local date a strategy page plans or forecasts: tomorrow on the station's clock until the
 * user picks another (the day ahead is what a plan is for).
 */
export function usePlanDate(): [string, (date: string) => void] {
  const clock = useStationTime();
  const [picked, setPicked] = useState<string | null>(null);
  return [picked ?? addDays(clock.today(Date.now()), 1), setPicked];
}
