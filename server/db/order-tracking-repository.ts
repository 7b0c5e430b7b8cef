import type { ParcelTracking } from '../../client/lib/parcel-carriers.ts';
import type { StoreSession } from './store.ts';

type TrackingRow = Record<string, unknown>;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** An order row's tracking (migration 145), or null when the owner gave none. */
export function trackingFromRow(row: TrackingRow): ParcelTracking | null {
  const tracking = { carrier: textOrNull(row.tracking_carrier), number: textOrNull(row.tracking_number), url: textOrNull(row.tracking_url) };
  return tracking.carrier === null && tracking.number === null && tracking.url === null ? null : tracking;
}

/** A correction of a sent order's tracking (migration 153), as the order's History lists it. */
export interface TrackingChange {
  tracking: ParcelTracking | null;
  noticeSent: boolean;
  by: string | null;
  on: number;
}

/** How a fulfilled order was sent: the carrier, the tracking number and the tracking page. */
export class OrderTrackingRepository {
  constructor(private readonly session: StoreSession) {}

  async of(orderId: string): Promise<ParcelTracking | null> {
    const row = await this.session.get<TrackingRow>('SELECT tracking_carrier, tracking_number, tracking_url FROM orders WHERE id = ?', [orderId]);
    return row ? trackingFromRow(row) : null;
  }

  /**
   * Puts `tracking` (null clears it) on the order when it is fulfilled; false when it is not (or
   * there is no such order). Only a sent order has a parcel to follow.
   */
  async set(orderId: string, tracking: ParcelTracking | null): Promise<boolean> {
    const { changes } = await this.session.run(
      "UPDATE orders SET tracking_carrier = ?, tracking_number = ?, tracking_url = ? WHERE id = ? AND status = 'fulfilled'",
      [tracking?.carrier ?? null, tracking?.number ?? null, tracking?.url ?? null, orderId],
    );
    return changes === 1;
  }

  /** Records a correction of the order's tracking, made by `actor` at `now`. */
  async recordChange(orderId: string, tracking: ParcelTracking | null, noticeSent: boolean, actor: string | null, now: number): Promise<void> {
    await this.session.run(
      'INSERT INTO order_tracking_changes (order_id, carrier, number, url, notice_sent, changed_by, changed_on) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [orderId, tracking?.carrier ?? null, tracking?.number ?? null, tracking?.url ?? null, noticeSent ? 1 : 0, actor, now],
    );
  }

  /** The order's tracking corrections, oldest first. */
  async changesOf(orderId: string): Promise<TrackingChange[]> {
    const rows = await this.session.all<TrackingRow & { carrier: unknown; number: unknown; url: unknown; notice_sent: number | string; changed_by: string | null; changed_on: number | string }>(
      'SELECT carrier, number, url, notice_sent, changed_by, changed_on FROM order_tracking_changes WHERE order_id = ? ORDER BY changed_on, id',
      [orderId],
    );
    return rows.map((row) => ({
      tracking: trackingFromRow({ tracking_carrier: row.carrier, tracking_number: row.number, tracking_url: row.url }),
      noticeSent: Number(row.notice_sent) === 1,
      by: row.changed_by,
      on: Number(row.changed_on),
    }));
  }
}
