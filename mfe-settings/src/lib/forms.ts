export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match!';

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

/** Client-side checks of the sign-up form; the API checks the rest (and says so in its answer). */
export function signUpProblems(f: SignUpInput): string[] {
  const out: string[] = [];
  if (!f.username.trim()) out.push('username');
  if (!f.email.trim()) out.push('email');
  if (!f.password) out.push('password');
  if (f.password !== f.confirm) out.push(PASSWORDS_DO_NOT_MATCH);
  return out;
}

/** The authenticator-app URI the two-factor QR code carries (RFC 6238 defaults: SHA1, 6 digits, 30 s). */
export function otpauthUri(secret: string, account: string, issuer = 'Modshelf'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}

/** Groups a base32 secret in fours so it can be typed. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** One URI per line, blank lines dropped. */
export function parseRedirectUris(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Automatic language: the first of the browser's languages the site has, else the default. */
export function systemLocale(languages: readonly string[], available: readonly string[], fallback: string): string {
  for (const l of languages) {
    const exact = available.find((a) => a.toLowerCase() === l.toLowerCase());
    if (exact) return exact;
    const base = l.toLowerCase().split('-')[0];
    const near = available.find((a) => a.toLowerCase().split('-')[0] === base);
    if (near) return near;
  }
  return fallback;
}
