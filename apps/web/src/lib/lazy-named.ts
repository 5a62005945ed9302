import { type ComponentType, createElement, type FunctionComponent, use } from 'react';
import { loadChunk } from './chunk-load';

type PropsOf<C> = C extends ComponentType<infer P extends object> ? P : never;

const render = <P extends object>(type: ComponentType<P>, props: P) => createElement(type, props);

/** A component loaded on demand that can also start its download ahead of its first render. */
export type Lazy<P = object> = FunctionComponent<P> & {
  preload: () => Promise<unknown>;
};

/**
 * `lazy()` for a module's named export, so pages keep named exports and load on demand.
 * `preload()` starts the download early (e.g. the page of the current path while the session
 * loads). Unlike `React.lazy`, a module that is already loaded renders at once: `use()` reads a
 * settled promise synchronously, so no Suspense fallback is shown and React's 300 ms fallback
 * throttle does not delay the page.
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): Lazy<PropsOf<M[K]>> {
  let pending: Promise<M> | null = null;
  const once = (): Promise<M> => {
    if (pending) return pending;
    const p = loadChunk(load);
    pending = p;
    p.then(
      // Marked settled the way React marks promises it tracks, so `use()` reads it at once.
      (m) => Object.assign(p, { status: 'fulfilled', value: m }),
      // A failed download may be retried by the next render.
      () => {
        pending = null;
      },
    );
    return p;
  };
  function LazyComponent(props: PropsOf<M[K]>) {
    return render(use(once())[name] as ComponentType<PropsOf<M[K]>>, props);
  }
  LazyComponent.displayName = `Lazy(${name})`;
  return Object.assign(LazyComponent, { preload: once });
}
