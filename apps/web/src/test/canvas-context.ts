/**
 * A 2D canvas context that draws nothing. jsdom has no canvas (getContext answers null), and
 * zrender paints every chart frame on one: with null it throws from its animation loop, which
 * may fire while a later test runs. With this context charts render, animate and dispose as in
 * a browser; tests read their options and DOM, never pixels.
 */
const DEFAULTS: Record<string, unknown> = {
  fillStyle: 'black',
  strokeStyle: 'black',
  globalAlpha: 1,
  globalCompositeOperation: 'source-over',
  lineWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  lineDashOffset: 0,
  miterLimit: 10,
  font: '10px sans-serif',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  shadowBlur: 0,
  shadowColor: 'transparent',
  shadowOffsetX: 0,
  shadowOffsetY: 0,
  imageSmoothingEnabled: true,
};

const gradient = { addColorStop: () => {} };
const pixels = () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 });

/** What the context's methods answer (anything not listed answers nothing). */
const METHODS: Record<string, (...args: never[]) => unknown> = {
  // About the width of a 12 px glyph: labels get a size, so layout code takes its usual paths.
  measureText: (text: string) => ({ width: String(text).length * 7 }),
  getImageData: pixels,
  createImageData: pixels,
  createLinearGradient: () => gradient,
  createRadialGradient: () => gradient,
  createConicGradient: () => gradient,
  createPattern: () => gradient,
  getLineDash: () => [],
  getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
  isPointInPath: () => false,
  isPointInStroke: () => false,
};

function inertContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { ...DEFAULTS, canvas };
  return new Proxy(state, {
    get: (target, key) => {
      if (key in target) return target[key];
      if (typeof key === 'string' && key in METHODS) return METHODS[key];
      return () => undefined;
    },
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** Gives jsdom's canvases that context (once per window). */
export function installCanvasContext(win: Window & typeof globalThis): void {
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  Object.defineProperty(win.HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement, kind: string) {
      if (kind !== '2d') return null;
      let ctx = contexts.get(this);
      if (!ctx) {
        ctx = inertContext(this);
        contexts.set(this, ctx);
      }
      return ctx;
    },
  });
}
