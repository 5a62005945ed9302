import { useCallback, useEffect, useState } from 'react';
import { parseView, type ScreenView, viewHash } from './screen-view';

/**
 * The view in the address's hash (null: none or not one of ours), following the browser's back
 * and forward; `go` adds a history entry, so a wall screen's operator steps back with the browser.
 */
export function useScreenView(): [ScreenView | null, (v: ScreenView) => void] {
  const [view, setView] = useState(() => parseView(window.location.hash));
  useEffect(() => {
    const onHash = () => setView(parseView(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const go = useCallback((v: ScreenView) => {
    window.location.hash = viewHash(v);
  }, []);
  return [view, go];
}
