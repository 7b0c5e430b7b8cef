/** The variants of the store's gift cards with their prices and option values, for relabelling their amounts (gift-card-amount-labels.ts). */
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { parseObjectColumn } from './json-column.ts';
import { forUpdate, type StoreSession } from './store.ts';

export interface GiftCardVariant {
  productId: string;
  variantId: string;
  priceCents: number;
  /** Option values by option name ({ Amount: '$25.00' }), as stored. */
  attributes: Record<string, unknown>;
}

/** Every gift card's variants, locked for the rest of the transaction (an editor's save of one waits for it). */
export async function lockedGiftCardVariants(session: StoreSession): Promise<GiftCardVariant[]> {
  const rows = await session.all<{ id: string; product_id: string; price_cents: number | string; attributes_json: string }>(
    `SELECT v.id, v.product_id, v.price_cents, v.attributes_json FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.product_type = ? ORDER BY v.product_id, v.display_order, v.id${forUpdate(session)}`,
    [PRODUCT_TYPE.GIFT_CARD],
  );
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.id,
    priceCents: Number(row.price_cents),
    attributes: parseObjectColumn(row.attributes_json),
  }));
}

/** Writes a variant's option values whole. */
export async function writeVariantAttributes(session: StoreSession, variantId: string, attributes: Record<string, unknown>): Promise<void> {
  await session.run('UPDATE variants SET attributes_json = ? WHERE id = ?', [JSON.stringify(attributes), variantId]);
}
