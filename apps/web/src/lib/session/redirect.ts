/** `/login?redirect=<wanted path>`; the redirect never carries the one-shot `from`/`token` parameters. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete('from');
  params.delete('token');
  const query = params.toString();
  const wanted = `${location.pathname}${query ? `?${query}` : ''}`;
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}

/** A redirect target is only ever a path of this app, never another origin. */
export function safeRedirect(raw: string | null, fallback: string): string {
  const local = raw?.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/login');
  return local && raw ? raw : fallback;
}
