/**
 * Lazy loaders per island: the bundler turns each into its own chunk, so a
 * page downloads only the islands it contains.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './names.ts';

type IslandModule = { default: ComponentType<Record<string, unknown>> };
const asModule = (load: Promise<unknown>): Promise<IslandModule> => load as Promise<IslandModule>;

export const islandLoaders: Record<IslandName, () => Promise<IslandModule>> = {
  AddToCart: () => asModule(import('./AddToCart.tsx')),
  CartPill: () => asModule(import('./CartPill.tsx')),
  CartPage: () => asModule(import('./CartPage.tsx')),
  FormBlock: () => asModule(import('./FormBlock.tsx')),
  RestockSignup: () => asModule(import('./RestockSignup.tsx')),
  Instalments: () => asModule(import('./Instalments.tsx')),
  Newsletter: () => asModule(import('./Newsletter.tsx')),
  Gallery: () => asModule(import('./Gallery.tsx')),
  Checkout: () => asModule(import('./Checkout.tsx')),
};
