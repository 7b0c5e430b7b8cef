import { downloadsAllowed } from '../commerce/download-grants.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { DownloadGrantRepository } from '../db/download-grant-repository.ts';
import type { StoreSession } from '../db/store.ts';

/** A digital line of an order as its screen shows it: whether a file was delivered, and what is left of its link. */
export interface OrderLineDownload {
  itemId: string;
  /** False when its product had no file when it was bought (the owner sends it by hand). */
  delivered: boolean;
  downloadsLeft: number;
  /** How many downloads its link gave in all (5 for each unit bought); 0 without a link. */
  downloadsAllowed: number;
  expiresOn: number | null;
  /** Refunds of part of the order took every unit of the line, so its link no longer works. */
  refunded: boolean;
  /** The order was cancelled or refunded, which stops every link of it (download-pages.ts); null while it stands. */
  orderClosed: 'cancelled' | 'refunded' | null;
}

/** The digital lines of an order with their download grants, in the order of its lines (read-only). */
export async function orderDownloads(session: StoreSession, orderId: string): Promise<OrderLineDownload[]> {
  const items = await session.all<{ id: string }>(
    'SELECT id FROM order_items WHERE order_id = ? AND product_type = ? ORDER BY rowid',
    [orderId, PRODUCT_TYPE.DIGITAL],
  );
  if (items.length === 0) return [];
  const order = await session.get<{ status: string }>('SELECT status FROM orders WHERE id = ?', [orderId]);
  const orderClosed = order?.status === 'cancelled' || order?.status === 'refunded' ? order.status : null;
  const grants = new Map((await new DownloadGrantRepository(session).ofOrder(orderId)).map((grant) => [grant.orderItemId, grant]));
  return items.map((item) => {
    const grant = grants.get(item.id);
    return { itemId: item.id, delivered: grant !== undefined, downloadsLeft: grant?.downloadsLeft ?? 0, downloadsAllowed: grant ? downloadsAllowed(grant) : 0, expiresOn: grant?.expiresOn ?? null, refunded: grant?.lineRefunded ?? false, orderClosed };
  });
}
