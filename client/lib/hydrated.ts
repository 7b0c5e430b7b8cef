/**
 * Whether the island runs in the browser with its handlers attached: false in
 * the server's HTML and during hydration (so the markup matches), true from
 * the render that follows. Forms keep their submit button off until then, so
 * a tap before the scripts have loaded (or with scripts off) never submits
 * the form natively.
 */
import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
