/**
 * Every island by name, for server rendering. The browser loads the same
 * modules lazily through client/islands/loaders.ts, one chunk per island.
 */
import AddToCart from './AddToCart.tsx';
import CartPill from './CartPill.tsx';
import CartPage from './CartPage.tsx';
import FormBlock from './FormBlock.tsx';
import RestockSignup from './RestockSignup.tsx';
import Instalments from './Instalments.tsx';
import Newsletter from './Newsletter.tsx';
import Gallery from './Gallery.tsx';
import Checkout from './Checkout.tsx';
import type { IslandName } from './names.ts';

export const islandComponents = {
  AddToCart,
  CartPill,
  CartPage,
  FormBlock,
  RestockSignup,
  Instalments,
  Newsletter,
  Gallery,
  Checkout,
} as const satisfies Record<IslandName, unknown>;

export { isIslandName, type IslandName } from './names.ts';
