import { OTHER_CARRIER, type ParcelTracking } from '../../client/lib/parcel-carriers.ts';
import { OrderTrackingRepository } from '../db/order-tracking-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { isWebPageUrl } from '../security/safe-link-url.ts';

/**
 * An order's tracking as the shipping notice and the shopper's order page show it: "Other" is no
 * carrier's name, so it is left out, and the link only when it is safe to follow (checked when
 * stored too; a store written by hand is not trusted to have been). Null when there is nothing to show.
 */
export async function shopperTracking(session: StoreSession, orderId: string): Promise<ParcelTracking | null> {
  const tracking = await new OrderTrackingRepository(session).of(orderId);
  if (tracking === null) return null;
  const shown = {
    carrier: tracking.carrier === OTHER_CARRIER ? null : tracking.carrier,
    number: tracking.number,
    url: tracking.url !== null && isWebPageUrl(tracking.url) ? tracking.url : null,
  };
  return shown.carrier === null && shown.number === null && shown.url === null ? null : shown;
}
