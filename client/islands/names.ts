/** The island names, without their code, so the browser loader stays small. */
export const ISLAND_NAMES = [
  'AddToCart',
  'CartPill',
  'CartPage',
  'FormBlock',
  'RestockSignup',
  'Instalments',
  'Newsletter',
  'Gallery',
  'Checkout',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];

const NAME_SET: ReadonlySet<string> = new Set(ISLAND_NAMES);

export function isIslandName(name: string): name is IslandName {
  return NAME_SET.has(name);
}
