import { MOBILE_BREAKPOINT } from '@ess/contract';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(cb: () => void): () => void {
  const mq = window.matchMedia(query);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** True below the 1024 px breakpoint (spec 9): the layout switches to its narrow form. */
export const useIsMobile = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
