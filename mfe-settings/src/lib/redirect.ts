/**
 * Where to go after signing in: the `redirect` query parameter the site's sign-in links carry
 * (web-kit signInPath), when it is a path on this site; anything else (other hosts,
 * protocol-relative or javascript: URLs, the auth pages themselves) goes to the fallback.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/settings'): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  let u: URL;
  try {
    u = new URL(value, 'http://site.invalid');
  } catch {
    return fallback;
  }
  if (u.origin !== 'http://site.invalid') return fallback;
  if (u.pathname === '/auth' || u.pathname.startsWith('/auth/sign-')) return fallback;
  return u.pathname + u.search + u.hash;
}

/** Keeps the redirect when moving between sign-in and sign-up. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}
