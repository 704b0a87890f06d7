export interface CookieOptions {
  maxAgeSeconds: number;
  sameSite: 'Strict' | 'Lax' | 'None';
  secure: boolean;
  path?: string;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) return decodeURIComponent(rest.join('=').trim());
  }
  return null;
}

export function cookieString(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAgeSeconds}`, `Path=${options.path ?? '/'}`, `SameSite=${options.sameSite}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = cookieString(name, value, options);
}
