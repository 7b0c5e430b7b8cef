/**
 * Every island by name, for server rendering. The browser loads the same
 * modules lazily through client/islands/loaders.ts, one chunk per island.
 */
import CartPill from './CartPill.tsx';
import type { IslandName } from './names.ts';

export const islandComponents = {
  CartPill,
} as const satisfies Record<IslandName, unknown>;

export { isIslandName, type IslandName } from './names.ts';
