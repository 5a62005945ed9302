import { useSyncExternalStore } from 'react';

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

/** The window's inner height, following resizes: charts fill a control-room display. */
export const useViewportHeight = (): number =>
  useSyncExternalStore(
    subscribe,
    () => window.innerHeight,
    () => 900,
  );
