import { type RefObject, useEffect, useRef, useState } from 'react';

export type PaneSize = {
  width: number;
  /** Height from the element's top to the bottom of the window: what shows without scrolling. */
  visibleHeight: number;
};

/** The element's width and visible height, following resizes (sidebar toggles, window changes). */
export function usePaneSize<T extends HTMLElement>(
  fallback: PaneSize = { width: 1200, visibleHeight: 700 },
): [RefObject<T | null>, PaneSize] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      const visibleHeight = Math.max(200, window.innerHeight - el.getBoundingClientRect().top - 16);
      if (width > 0)
        setSize((s) => (s.width === width && s.visibleHeight === visibleHeight ? s : { width, visibleHeight }));
    };
    measure();
    window.addEventListener('resize', measure);
    if (typeof ResizeObserver === 'undefined') return () => window.removeEventListener('resize', measure);
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, size];
}
