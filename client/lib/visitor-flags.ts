/**
 * First-landing and first-session flags: the first page of a visitor's first
 * visit, and whether this session is their first. Without storage (or
 * cookies) both are false.
 */
import { readCookie, writeCookie } from './cookies.ts';
import { readEntry, storageAvailable, writeEntry } from './session-store.ts';

export const HAS_LANDED_KEY = 'SS_HAS_LANDED';
export const FIRST_SESSION_KEY = 'SS_IS_FIRST_SESSION';
export const SESSION_ID_KEY = 'SS_SESSION_ID';
export const ANALYTICS_COOKIE_LIFETIME_S = 390 * 24 * 60 * 60;
const SESSION_TTL_MS = 30 * 60 * 1000;

export interface VisitorFlags {
  isFirstLanding: boolean;
  isFirstSession: boolean;
}

/** Reads and advances the flags for this page view. */
export function visitorFlags(): VisitorFlags {
  if (!storageAvailable() || !navigatorCookies()) return { isFirstLanding: false, isFirstSession: false };
  const hasLanded = readCookie(HAS_LANDED_KEY) === 'true';
  const sessionActive = readEntry<string>(SESSION_ID_KEY) !== null;
  let isFirstSession = readCookie(FIRST_SESSION_KEY) !== 'false';
  if (!sessionActive) {
    if (hasLanded) isFirstSession = false;
    writeEntry(SESSION_ID_KEY, `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`, SESSION_TTL_MS);
  } else {
    writeEntry(SESSION_ID_KEY, readEntry<string>(SESSION_ID_KEY) ?? '', SESSION_TTL_MS);
  }
  writeCookie(HAS_LANDED_KEY, 'true', { maxAgeSeconds: ANALYTICS_COOKIE_LIFETIME_S });
  writeCookie(FIRST_SESSION_KEY, String(isFirstSession), { maxAgeSeconds: ANALYTICS_COOKIE_LIFETIME_S });
  return { isFirstLanding: !hasLanded, isFirstSession };
}

function navigatorCookies(): boolean {
  return typeof navigator === 'undefined' || navigator.cookieEnabled !== false;
}
