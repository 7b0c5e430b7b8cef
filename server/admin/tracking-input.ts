/**
 * The tracking an owner gives when fulfilling an order, or corrects after: a carrier of the list,
 * a tracking number and a tracking page's address, each optional (an empty field is not given).
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { CARRIER_CHOICES, carrierTrackingUrl, TRACKING_NUMBER, type ParcelTracking } from '../../client/lib/parcel-carriers.ts';
import { isWebPageUrl } from '../security/safe-link-url.ts';

/** A form's empty field counts as not given. */
const optional = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const trackingFields = {
  carrier: optional(z.enum(CARRIER_CHOICES)),
  trackingNumber: optional(z.string().trim().regex(TRACKING_NUMBER, { error: ADMIN.server.trackingNumberInvalid })),
  trackingUrl: optional(z.string().trim().max(2000).refine(isWebPageUrl, { error: ADMIN.server.trackingUrlInvalid })),
};

/** The fulfil call's body: the tracking fields and nothing else. */
export const trackingInput = z.object(trackingFields).strict();

/**
 * The tracking to store, null when nothing was given: the owner's link, or else the one made from
 * a known carrier's pattern and the number.
 */
export function trackingOf(input: z.output<typeof trackingInput>): ParcelTracking | null {
  const carrier = input.carrier ?? null;
  const number = input.trackingNumber ?? null;
  const url = input.trackingUrl ?? (carrier !== null && number !== null ? carrierTrackingUrl(carrier, number) : null);
  return carrier === null && number === null && url === null ? null : { carrier, number, url };
}
