/**
 * Whether the person has asked their system for less motion (prefers-reduced-motion: reduce),
 * followed live as the setting changes. The server's HTML and the hydrating render read false,
 * so the markup matches; the browser's answer takes over in the render that follows.
 */
import { useSyncExternalStore } from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => reducedMotionQuery()?.matches ?? false, () => false);
}
