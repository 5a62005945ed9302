import { checkMenuUrl, isVisualLink } from '@ess/contract';
import { isScreenRoute } from './menu-model';

/**
 * Where an entry that opens a new window goes (spec 2), and so what its address may carry:
 * - `screen`: a large screen of this platform; its window signs in with a one-time screen token;
 * - `platform`: another page of this platform, which shares the session: nothing is added;
 * - `visual`: the visualisation host (VISUAL_HOST); a one-time sign-in code, never a token;
 * - `external`: any other address; nothing is added.
 */
export type WindowTarget = { kind: 'screen' | 'platform' | 'visual' | 'external'; href: string };

/**
 * The target of a menu url opened from `origin`, or null for a url no window may be sent to (one
 * stored before the menu check refused what browsers read as another host, like `/\host`).
 */
export function windowTarget(url: string, origin: string, visualOrigin: string | null): WindowTarget | null {
  if (checkMenuUrl(url) !== null) return null;
  const target = new URL(url, origin);
  if (isScreenRoute(url) && target.origin === origin) return { kind: 'screen', href: target.href };
  if (target.origin === origin) return { kind: 'platform', href: target.href };
  return { kind: isVisualLink(url, visualOrigin) ? 'visual' : 'external', href: target.href };
}

/** `href` with the query parameter `name` set to `value` (before any `#` route). */
export function withParam(href: string, name: string, value: string): string {
  const u = new URL(href);
  u.searchParams.set(name, value);
  return u.href;
}
