import { useEffect, useRef, useState } from 'react';
import { useAlarmCount } from '../api/alarm-events';
import { useAlarmLive } from '../api/alarm-live';
import { playAlarmChime } from './alarm-sound';

export type AlarmBell = {
  /** Unconfirmed alarms of the station (0 until the first answer). */
  count: number;
  /** How many times the chime played (a DOM flag journeys read instead of listening). */
  chimes: number;
};

/**
 * The navbar bell's state: the count, pushed live and polled every 60 s, and a chime when it
 * rises (a new alarm) while sound is on. The first answer and a station switch set the baseline
 * without a chime; a fall (confirmed, recovered) never chimes.
 */
export function useAlarmBell(
  stationId: number | null,
  opts: { enabled: boolean; sound: boolean; play?: () => void },
): AlarmBell {
  useAlarmLive(stationId, opts.enabled);
  const { data } = useAlarmCount(stationId, opts.enabled);
  const [chimes, setChimes] = useState(0);
  const last = useRef<{ stationId: number | null; count: number | null }>({ stationId, count: null });
  const play = opts.play ?? playAlarmChime;
  const soundOn = opts.sound;

  useEffect(() => {
    if (data === undefined) return;
    const prev = last.current;
    const rose = prev.stationId === stationId && prev.count !== null && data > prev.count;
    last.current = { stationId, count: data };
    if (rose && soundOn) {
      play();
      setChimes((n) => n + 1);
    }
  }, [data, stationId, soundOn, play]);

  return { count: data ?? 0, chimes };
}
