/**
 * The carriers an owner picks from when they fulfil an order with a tracking number, and each
 * one's public tracking page. The address patterns are the carriers' own "track a parcel" pages
 * with the number in place of {number}: when the owner gives a carrier and a number but no link,
 * the link is made from its pattern. A carrier that moves its page needs its line changed here
 * (a link already stored on an order keeps the address it was made with). Shared by the admin
 * screen (the choices) and the server (the checks and the link).
 */
export const PARCEL_CARRIERS = {
  'USPS': 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}',
  'UPS': 'https://www.ups.com/track?tracknum={number}',
  'FedEx': 'https://www.fedex.com/fedextrack/?trknbr={number}',
  'DHL': 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}',
  'Royal Mail': 'https://www.royalmail.com/track-your-item#/tracking-results/{number}',
  'Canada Post': 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}',
  'Australia Post': 'https://auspost.com.au/mypost/track/details/{number}',
  'DPD': 'https://tracking.dpd.de/status/en_US/parcel/{number}',
  'PostNL': 'https://jouw.postnl.nl/track-and-trace/{number}',
  'La Poste / Colissimo': 'https://www.laposte.fr/outils/suivre-vos-envois?code={number}',
} as const satisfies Record<string, string>;

/** A carrier not in the list: the owner gives the link themselves, if any. */
export const OTHER_CARRIER = 'Other';

/** The carrier choices, in the order the fulfil question lists them. */
export const CARRIER_CHOICES = [...Object.keys(PARCEL_CARRIERS) as Array<keyof typeof PARCEL_CARRIERS>, OTHER_CARRIER] as const;

/** A tracking number as carriers print them: letters, digits, spaces and dashes. */
export const TRACKING_NUMBER = /^[A-Za-z0-9 -]{1,64}$/;

/** What an order was sent with; a part the owner did not give is null. */
export interface ParcelTracking {
  carrier: string | null;
  number: string | null;
  url: string | null;
}

/** The carrier's tracking page for `number`, or null for a carrier without a known page. */
export function carrierTrackingUrl(carrier: string, number: string): string | null {
  const pattern = (PARCEL_CARRIERS as Record<string, string>)[carrier];
  // the pages take the number without the spaces a label prints it with
  return pattern === undefined ? null : pattern.replace('{number}', encodeURIComponent(number.replace(/\s+/g, '')));
}
