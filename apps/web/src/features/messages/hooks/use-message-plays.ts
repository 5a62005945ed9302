import type { ReceivedMessage } from '@ess/contract';
import { useEffect, useRef } from 'react';
import { messagePlayStore } from '@/lib/storage';
import { duePlays } from './message-plays';

/** How often the bell looks for a play falling due (the shortest play frequency is a minute). */
const PLAY_CHECK_MS = 15_000;

/**
 * Pops up the user's unread messages as they arrive and again at each play of their frequency
 * (spec 3 "play frequency"), once per play per tab session (remembered in session storage).
 */
export function useMessagePlays(list: readonly ReceivedMessage[] | undefined, onPlay: (m: ReceivedMessage) => void) {
  const onPlayRef = useRef(onPlay);
  onPlayRef.current = onPlay;
  useEffect(() => {
    if (!list) return;
    const check = () => {
      const { due, shown } = duePlays(list, messagePlayStore.get(), Date.now());
      messagePlayStore.set(shown);
      for (const m of due) onPlayRef.current(m);
    };
    check();
    const timer = setInterval(check, PLAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [list]);
}
