import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** `lazy()` for a module's named export, so pages keep named exports and load on demand. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => {
    const mod = await load();
    return { default: mod[name] as M[K] extends ComponentType<infer P> ? ComponentType<P> : never };
  });
}
