import type { ParcelTracking } from '../../client/lib/parcel-carriers.ts';
import type { StoreSession } from './store.ts';

type TrackingRow = Record<string, unknown>;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** An order row's tracking (migration 145), or null when the owner gave none. */
export function trackingFromRow(row: TrackingRow): ParcelTracking | null {
  const tracking = { carrier: textOrNull(row.tracking_carrier), number: textOrNull(row.tracking_number), url: textOrNull(row.tracking_url) };
  return tracking.carrier === null && tracking.number === null && tracking.url === null ? null : tracking;
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
}
