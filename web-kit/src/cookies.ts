export interface CookieOptions {
  maxAge?: number;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
  path?: string;
}

export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  let s = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  if (o.maxAge !== undefined) s += `; Max-Age=${Math.floor(o.maxAge)}`;
  if (o.path) s += `; Path=${o.path}`;
  if (o.sameSite) s += `; SameSite=${o.sameSite}`;
  if (o.secure) s += '; Secure';
  return s;
}

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    if (!k) continue;
    try {
      out[decodeURIComponent(k)] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[k] = part.slice(eq + 1).trim();
    }
  }
  return out;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookies(document.cookie)[name];
}

export function writeCookie(name: string, value: string, o: CookieOptions): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, o);
}
