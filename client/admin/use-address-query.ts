/**
 * A screen's filters kept in the address's query (?status=paid&page=2), so Back and Forward step
 * through them and a reload or a shared link opens the same list. Each change is an entry of the
 * tab's history, made as the admin makes its own (history-position.ts).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { pushAddress } from './history-position.ts';

/** Told when the admin changes the query itself (pushState fires no popstate). */
const QUERY_CHANGED = 'admin-query-changed';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(QUERY_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(QUERY_CHANGED, onChange);
  };
}

/** Tells the screens that read the query that the admin pushed another one (the menu's link to the same screen). */
export function announceQueryChanged(): void {
  window.dispatchEvent(new Event(QUERY_CHANGED));
}

const clientQuery = (): string => window.location.search;
// the server renders the screen without its query, as the list is loaded in the browser anyway
const serverQuery = (): string => '';

/** The address's query, and a way to move to another one (fields left empty are dropped). */
export function useAddressQuery(): [URLSearchParams, (fields: Record<string, string>) => void] {
  const search = useSyncExternalStore(subscribe, clientQuery, serverQuery);
  const setQuery = useCallback((fields: Record<string, string>) => {
    const query = new URLSearchParams(Object.entries(fields).filter(([, value]) => value !== '')).toString();
    const address = `${window.location.pathname}${query === '' ? '' : `?${query}`}`;
    if (address === window.location.pathname + window.location.search) return;
    pushAddress(address);
    announceQueryChanged();
  }, []);
  return [new URLSearchParams(search), setQuery];
}

/** A list's search and page out of an address's query (`?q=…&page=2`), for an entry's way back to the same list. */
export function searchAndPageQuery(address: URLSearchParams): string {
  const kept = ['q', 'page'].map((name) => [name, address.get(name) ?? '']).filter(([, value]) => value !== '');
  const query = new URLSearchParams(kept).toString();
  return query === '' ? '' : `?${query}`;
}

/** The list's page the address names (`?page=2`; the first when none or nonsense) and where it starts. */
export function pageOf(address: URLSearchParams, pageSize: number): { page: number; offset: number } {
  const page = Math.max(1, Math.floor(Number(address.get('page') ?? '1')) || 1);
  return { page, offset: (page - 1) * pageSize };
}
