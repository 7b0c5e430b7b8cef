/**
 * The lines of a shipping notice: what is in the parcel, and apart what the post does not bring
 * (a download, whose link came with the order's confirmation; a gift card, emailed to its
 * recipient; a service), each with why, so a shopper is not told a PDF is on its way by post.
 * Read with each line's product type as sold, which the notices' other lines do not need.
 */
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import type { StoreSession } from '../db/store.ts';

/** A line as the notice's templates name it. */
interface NoticeLine { productName: string; variantLabel: string; quantity: number }

/** A line not in the parcel, with the flag the templates say why by. */
export interface ApartLine extends NoticeLine { download: boolean; giftCard: boolean; service: boolean }

const APART_TYPES: readonly number[] = [PRODUCT_TYPE.DIGITAL, PRODUCT_TYPE.GIFT_CARD, PRODUCT_TYPE.SERVICE];

export async function shippedLines(session: StoreSession, orderId: string): Promise<{ parcel: NoticeLine[]; apart: ApartLine[] }> {
  const rows = await session.all<{ product_name: string; variant_label: string | null; quantity: number | string; product_type: number | string }>(
    'SELECT product_name, variant_label, quantity, product_type FROM order_items WHERE order_id = ? ORDER BY rowid',
    [orderId],
  );
  const lines = rows.map((row) => ({ productName: row.product_name, variantLabel: row.variant_label ?? '', quantity: Number(row.quantity), productType: Number(row.product_type) }));
  const named = ({ productName, variantLabel, quantity }: NoticeLine): NoticeLine => ({ productName, variantLabel, quantity });
  return {
    parcel: lines.filter((line) => !APART_TYPES.includes(line.productType)).map(named),
    apart: lines.filter((line) => APART_TYPES.includes(line.productType)).map((line) => ({
      ...named(line),
      download: line.productType === PRODUCT_TYPE.DIGITAL,
      giftCard: line.productType === PRODUCT_TYPE.GIFT_CARD,
      service: line.productType === PRODUCT_TYPE.SERVICE,
    })),
  };
}
