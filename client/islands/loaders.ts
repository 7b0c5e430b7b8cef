/**
 * Lazy loaders per island: the bundler turns each into its own chunk, so a
 * page downloads only the islands it contains.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './names.ts';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

export const islandLoaders: Record<IslandName, () => Promise<IslandModule>> = {
  CartPill: () => import('./CartPill.tsx') as unknown as Promise<IslandModule>,
};
