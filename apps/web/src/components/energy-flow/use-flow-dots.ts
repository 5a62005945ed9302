import { type RefObject, useEffect } from 'react';

/** Dot spacing of a flow line (its stroke-dasharray is `0 DOT_GAP`). */
export const DOT_GAP = 22;
/** Moves per second, for all lines together: each move repaints, so one clock drives them all. */
const FPS = 12;

/**
 * Runs the dots of every `path[data-cycle]` in `svg`: one cycle moves them one gap, toward the
 * hub or (with `data-reverse`) away. One timer at FPS instead of a CSS animation per line: lines
 * of different speeds animated separately made the browser paint at up to 60 frames a second,
 * most of a core on a control-room PC. Still under prefers-reduced-motion.
 */
export function useFlowDots(svg: RefObject<SVGSVGElement | null>): void {
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const move = () => {
      const now = performance.now() / 1000;
      for (const path of svg.current?.querySelectorAll<SVGPathElement>('path[data-cycle]') ?? []) {
        const cycle = Number(path.dataset.cycle);
        if (!(cycle > 0)) continue;
        const share = (now / cycle) % 1;
        const offset = path.dataset.reverse === 'true' ? share * DOT_GAP : (1 - share) * DOT_GAP;
        path.style.strokeDashoffset = offset.toFixed(1);
      }
    };
    const timer = window.setInterval(move, 1000 / FPS);
    return () => window.clearInterval(timer);
  }, [svg]);
}
