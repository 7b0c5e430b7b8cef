/**
 * What each line of an order paid of its discount and tax (line-shares.ts), read for the order's
 * screen, whose "Refund part of this order" suggests what the customer paid for the units chosen.
 * A free-shipping code took nothing off the goods (its part of the order's discount is the
 * shipping's). A code limited to products or categories took only from its lines, which are read
 * from the code as it stands (the order kept no list of them); should none of the order's lines
 * match it any more (the code changed since), the discount is shared over all the goods.
 */
import { discountAppliesTo } from '../../client/lib/discount-code.ts';
import { lineShares, type LineShare } from '../commerce/line-shares.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { discountCodeOf, DiscountCodeRepository, type DiscountCodeRow } from '../db/discount-code-repository.ts';
import { parseObjectColumn, stringsOf } from '../db/json-column.ts';
import type { StoreSession } from '../db/store.ts';

type ItemRow = { id: string; product_id: string; product_type: number | string; quantity: number | string; unit_price_cents: number | string };

/** The goods the order's code took from: those it applies to now, or every good when it applies to none of them. */
async function discountedItems(session: StoreSession, use: { discountCodeId: string } | null, goods: readonly ItemRow[]): Promise<Set<string>> {
  const every = new Set(goods.map((item) => item.id));
  if (!use) return every;
  const row = await session.get<DiscountCodeRow>('SELECT * FROM discount_codes WHERE id = ?', [use.discountCodeId]);
  if (!row) return every;
  const { terms } = discountCodeOf(row);
  if (terms.kind === 'free-shipping' || terms.appliesTo === 'order') return every;
  const categories = new Map<string, string[]>();
  if (terms.appliesTo === 'categories') {
    for (const item of goods) {
      const product = await session.get<{ data_json: string | null }>('SELECT data_json FROM products WHERE id = ?', [item.product_id]);
      categories.set(item.product_id, stringsOf(parseObjectColumn(product?.data_json ?? null).categories));
    }
  }
  const taken = goods.filter((item) => discountAppliesTo(terms, { productId: item.product_id, categories: categories.get(item.product_id) ?? [] }));
  return taken.length > 0 ? new Set(taken.map((item) => item.id)) : every;
}

/** The shipping's place among the lines split, by an id no line has. */
const SHIPPING_SHARE = ' shipping';

/** Each line's share of the order's goods discount and tax, by item id (empty for no such order). */
export async function orderLineShares(session: StoreSession, orderId: string): Promise<Map<string, LineShare>> {
  const order = await session.get<{ discount_cents: number | string; tax_cents: number | string; tax_included: number | string; shipping_cents: number | string }>(
    'SELECT discount_cents, tax_cents, tax_included, shipping_cents FROM orders WHERE id = ?', [orderId],
  );
  if (!order) return new Map();
  const items = await session.all<ItemRow>('SELECT id, product_id, product_type, quantity, unit_price_cents FROM order_items WHERE order_id = ? ORDER BY rowid', [orderId]);
  // gift cards bought are neither discounted nor taxed (cart-totals.ts)
  const goods = items.filter((item) => Number(item.product_type) !== PRODUCT_TYPE.GIFT_CARD);
  const use = await new DiscountCodeRepository(session).useOf(orderId);
  const goodsDiscountCents = use?.kind === 'free-shipping' ? 0 : Number(order.discount_cents);
  const discounted = goodsDiscountCents > 0 ? await discountedItems(session, use, goods) : new Set<string>();
  const lines = items.map((item) => ({
    itemId: item.id,
    cents: Number(item.unit_price_cents) * Number(item.quantity),
    discounted: discounted.has(item.id),
    taxed: Number(item.product_type) !== PRODUCT_TYPE.GIFT_CARD,
  }));
  // prices that included the tax included it in the shipping too (cart-totals.ts): the shipping
  // (less a free-shipping code's part) takes its share of the tax, so the lines take only theirs
  if (Number(order.tax_included) === 1) {
    const shippingPaid = Number(order.shipping_cents) - (use?.kind === 'free-shipping' ? Number(order.discount_cents) : 0);
    const shares = lineShares([...lines, { itemId: SHIPPING_SHARE, cents: Math.max(0, shippingPaid), discounted: false, taxed: true }], goodsDiscountCents, Number(order.tax_cents));
    shares.delete(SHIPPING_SHARE);
    return shares;
  }
  return lineShares(lines, goodsDiscountCents, Number(order.tax_cents));
}
