/** Small cookie helpers for the browser side (document.cookie). */

export function readCookie(name: string, cookieText: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieText.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const raw = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  secure?: boolean;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
  if (secure) parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0`;
}

/** Whether the browser keeps cookies (decides the crumb-failure message). */
export function cookiesEnabled(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.cookieEnabled !== false;
}
