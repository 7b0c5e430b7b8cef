/**
 * A gift card's amounts, as its option's values name them (the demo shop's card sells `Amount:
 * $25.00`, `$50.00`, `$100.00`), follow the store's money format: when a settings save changes
 * the currency or the language, each value that reads exactly as its variant's price in the
 * format before is written again in the new one (`25,00 €`), in the save's transaction, so the
 * card's page, the cart and the admin name the amount the card is sold for. A value the owner
 * wrote otherwise ("Birthday") stays as it is.
 */
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { lockedGiftCardVariants, writeVariantAttributes } from '../db/gift-card-variants.ts';
import type { StoreSession } from '../db/store.ts';

/** Rewrites the gift cards' amount labels from the `before` format to the `after` one; answers how many variants changed. */
export async function relabelGiftCardAmounts(session: StoreSession, before: (cents: number) => string, after: (cents: number) => string): Promise<number> {
  const changedProducts = new Set<string>();
  let changed = 0;
  for (const variant of await lockedGiftCardVariants(session)) {
    const was = before(variant.priceCents);
    const now = after(variant.priceCents);
    if (was === now) continue;
    const names = Object.keys(variant.attributes).filter((name) => variant.attributes[name] === was);
    if (names.length === 0) continue;
    await writeVariantAttributes(session, variant.variantId, { ...variant.attributes, ...Object.fromEntries(names.map((name) => [name, now])) });
    changedProducts.add(variant.productId);
    changed += 1;
  }
  // an editor opened before is told the product changed, rather than saving the old labels back
  const products = new AdminProductRepository(session);
  for (const productId of changedProducts) await products.moveRevision(productId);
  return changed;
}
