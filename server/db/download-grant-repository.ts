import type { StoreSession } from './store.ts';

/** A buyer's right to download one digital line's file (download_grants, migration 152). */
export interface DownloadGrantRecord {
  id: string;
  orderId: string;
  orderItemId: string;
  productId: string;
  expiresOn: number;
  downloadsLeft: number;
  createdOn: number;
  /** How many units its line bought: each brings its own downloads. */
  lineQuantity: number;
}

export interface NewDownloadGrant {
  id: string;
  orderId: string;
  orderItemId: string;
  productId: string;
  tokenSha256: string;
  expiresOn: number;
  downloadsLeft: number;
  createdOn: number;
}

/** A stored grant with its line as it stands now. */
export interface DownloadGrantOfLine extends DownloadGrantRecord {
  /** Refunds of part of the order took every unit of its line: the buyer has that money back. */
  lineRefunded: boolean;
}

/** A grant found by its link, with where its order stands now. */
export interface DownloadGrantWithOrder extends DownloadGrantOfLine {
  orderStatus: string;
  /** The order's number, for the buyer to quote to the shop (null only for an order never numbered). */
  orderNumber: number | null;
}

interface GrantRow {
  id: string;
  order_id: string;
  order_item_id: string;
  product_id: string;
  expires_on: number | string;
  downloads_left: number | string;
  created_on: number | string;
  line_quantity: number | string;
}

/** The grant's columns and its line's refund (queries join order_items as i). */
const COLUMNS = `g.id, g.order_id, g.order_item_id, g.product_id, g.expires_on, g.downloads_left, g.created_on, i.quantity AS line_quantity,
  CASE WHEN (SELECT COALESCE(SUM(r.quantity), 0) FROM order_refund_lines r WHERE r.item_id = g.order_item_id) >= i.quantity THEN 1 ELSE 0 END AS line_refunded`;

function recordOf(row: GrantRow & { line_refunded: number | string }): DownloadGrantOfLine {
  return {
    lineRefunded: Number(row.line_refunded) === 1,
    id: row.id,
    orderId: row.order_id,
    orderItemId: row.order_item_id,
    productId: row.product_id,
    expiresOn: Number(row.expires_on),
    downloadsLeft: Number(row.downloads_left),
    createdOn: Number(row.created_on),
    lineQuantity: Number(row.line_quantity),
  };
}

export class DownloadGrantRepository {
  constructor(private readonly session: StoreSession) {}

  async insert(grant: NewDownloadGrant): Promise<void> {
    await this.session.run(
      `INSERT INTO download_grants (id, order_id, order_item_id, product_id, token_sha256, expires_on, downloads_left, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [grant.id, grant.orderId, grant.orderItemId, grant.productId, grant.tokenSha256, grant.expiresOn, grant.downloadsLeft, grant.createdOn],
    );
  }

  /** The grants of an order, in the order of its lines, each with its line's product name. */
  async ofOrder(orderId: string): Promise<Array<DownloadGrantOfLine & { productName: string }>> {
    const rows = await this.session.all<GrantRow & { line_refunded: number | string; product_name: string }>(
      `SELECT ${COLUMNS}, i.product_name FROM download_grants g JOIN order_items i ON i.id = g.order_item_id WHERE g.order_id = ? ORDER BY i.rowid`,
      [orderId],
    );
    return rows.map((row) => ({ ...recordOf(row), productName: row.product_name }));
  }

  /** The names of an order's digital lines that got no grant (their product had no file when bought), in the order of its lines. */
  async linesWithoutGrant(orderId: string, digitalType: number): Promise<string[]> {
    const rows = await this.session.all<{ product_name: string }>(
      `SELECT i.product_name FROM order_items i
       WHERE i.order_id = ? AND i.product_type = ? AND NOT EXISTS (SELECT 1 FROM download_grants g WHERE g.order_item_id = i.id)
       ORDER BY i.rowid`,
      [orderId, digitalType],
    );
    return rows.map((row) => row.product_name);
  }

  /** The grant whose link token has this SHA-256, with its order's status; undefined for none. */
  async findByTokenHash(tokenSha256: string): Promise<DownloadGrantWithOrder | undefined> {
    const row = await this.session.get<GrantRow & { line_refunded: number | string; status: string; order_number: number | string | null }>(
      `SELECT ${COLUMNS}, o.status, o.order_number FROM download_grants g JOIN orders o ON o.id = g.order_id JOIN order_items i ON i.id = g.order_item_id WHERE g.token_sha256 = ?`,
      [tokenSha256],
    );
    return row ? { ...recordOf(row), orderStatus: row.status, orderNumber: row.order_number === null ? null : Number(row.order_number) } : undefined;
  }

  /**
   * Takes one download from the grant by a conditional update, so two requests racing for the
   * last one never both get it: the downloads left after it, or null when none were left.
   */
  async takeDownload(grantId: string): Promise<number | null> {
    const row = await this.session.get<{ downloads_left: number | string }>(
      'UPDATE download_grants SET downloads_left = downloads_left - 1 WHERE id = ? AND downloads_left > 0 RETURNING downloads_left',
      [grantId],
    );
    return row === undefined ? null : Number(row.downloads_left);
  }
}
