/**
 * Stored session data with an optional expiry: kept in localStorage as
 * {value, expires}; an expired entry is removed and reads as absent. When
 * storage is unavailable, cookies hold the entry instead.
 */
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

export interface StoredEntry<T> {
  value: T;
  expires?: number;
}

function storage(): Storage | null {
  try {
    const store = window.localStorage;
    const probe = '__storefront_probe__';
    store.setItem(probe, probe);
    store.removeItem(probe);
    return store;
  } catch {
    return null;
  }
}

export function writeEntry<T>(key: string, value: T, ttlMs?: number, now: number = Date.now()): void {
  const entry: StoredEntry<T> = ttlMs === undefined ? { value } : { value, expires: now + ttlMs };
  const text = JSON.stringify(entry);
  const store = storage();
  if (store) store.setItem(key, text);
  else writeCookie(key, text, ttlMs === undefined ? {} : { maxAgeSeconds: ttlMs / 1000 });
}

export function readEntry<T>(key: string, now: number = Date.now()): T | null {
  const store = storage();
  const text = store ? store.getItem(key) : readCookie(key);
  if (text === null) return null;
  let entry: StoredEntry<T>;
  try {
    entry = JSON.parse(text) as StoredEntry<T>;
  } catch {
    removeEntry(key);
    return null;
  }
  if (entry.expires !== undefined && entry.expires <= now) {
    removeEntry(key);
    return null;
  }
  return entry.value;
}

export function removeEntry(key: string): void {
  const store = storage();
  if (store) store.removeItem(key);
  else deleteCookie(key);
}

/** Whether localStorage works here (false selects the cookie fallback). */
export function storageAvailable(): boolean {
  return storage() !== null;
}
