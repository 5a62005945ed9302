import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

/** Result of a field check: null when valid, else the translation key of the message. */
export type CheckResult = null | string;

export function checkPhone(v: string | undefined | null): CheckResult {
  if (!v) return 'validation.phoneEmpty';
  if (v.length !== 11) return 'validation.phoneLength';
  if (!/^1[3-9]\d{9}$/.test(v)) return 'validation.phoneFormat';
  return null;
}

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const checkEmail = (v: string): CheckResult => (EMAIL_PATTERN.test(v) ? null : 'validation.emailFormat');

export function checkUrl(v: string): CheckResult {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'validation.urlFormat';
  } catch {
    return 'validation.urlFormat';
  }
}

/** External links may start with http, https, mailto or tel. */
export const isExternalLink = (v: string): boolean => /^(https?:|mailto:|tel:)/.test(v);

/**
 * Characters a link never needs that browsers rewrite: backslashes (read as `/`, so `/\host`
 * and `http:\\host` reach another host), whitespace and control characters (tabs and line
 * breaks are dropped, so `/<tab>/host` becomes `//host`).
 */
const REWRITTEN = /[\\\s\p{Cc}]/u;

/**
 * An external link (spec 5): http or https with a host, mailto with an address, tel with a
 * number; no spaces, backslashes or control characters. Anything else (javascript:, ftp:, a
 * bare host) is refused.
 */
export function checkExternalLink(v: string): CheckResult {
  if (REWRITTEN.test(v)) return 'validation.externalLink';
  if (/^https?:/.test(v)) {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
        ? null
        : 'validation.externalLink';
    } catch {
      return 'validation.externalLink';
    }
  }
  if (/^mailto:[^@]+@[^@]+$/.test(v)) return null;
  if (/^tel:\+?[\d()-]{3,}$/.test(v)) return null;
  return 'validation.externalLink';
}

/**
 * A menu url: a path of this platform (`/system/user`; not `//host`, nothing a browser would
 * rewrite into it) or an external link.
 */
export const checkMenuUrl = (v: string): CheckResult =>
  v.startsWith('/') && !v.startsWith('//') && !REWRITTEN.test(v) ? null : checkExternalLink(v);

/**
 * Whether `url` is a well-formed link (`checkExternalLink`) to `visualOrigin`, the visualisation
 * host (VISUAL_HOST; null: none): the only external address a link opens signed in to.
 */
export function isVisualLink(url: string, visualOrigin: string | null): boolean {
  if (visualOrigin === null || !/^https?:/.test(url) || checkExternalLink(url) !== null) return false;
  return new URL(url).origin === visualOrigin;
}

export const checkPasswordLength = (v: string): CheckResult =>
  v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX ? null : 'validation.passwordLength';
