import { REQUEST } from '../client/lib/messages.ts';

/**
 * Messages the server itself answers with. Storefront strings of the specification that the
 * islands also show live in client/lib/messages.ts and are imported from there.
 */
export const serverMessages = {
  crumbFail: REQUEST.sessionExpired,
  rateLimited: REQUEST.tooManyRequests,
  bodyTooLarge: 'The request body is too large.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooDeep: 'The request body is nested more than {max} levels deep.',
  unexpected: 'Something went wrong. Please try again later.',
  notFound: 'Not found.',
  cartEntryNotFound: 'That cart entry does not exist.',
  productNotFound: 'That product does not exist.',
  cartEmpty: 'The cart is empty.',
  cartPurchased: 'This cart has already been purchased.',
  itemIdRequired: 'itemId is required.',
  notSubscribable: 'This product cannot be bought as a subscription.',
  restockVariantNotSoldOut: 'This variant is in stock.',
  restockSent: 'Restock notifications sent.',
  invalidCursor: 'The cursor is invalid.',
  cannotSaveNow: 'The store cannot save changes right now. Please try again later.',
  storageFaultLog: 'database refused a write: changes cannot be saved until the file is writable again',
  storeBusy: 'The store is busy right now. Please try again in a moment.',
  databaseLockedLog: 'database locked by another process past the busy timeout: changes wait until the lock is released',
  readOnlyLog: 'database opened read-only: pages are served, every change is refused',
  captchaRandomKeyLog: 'captcha tokens are signed with a key made by this process: set CAPTCHA_SECRET when several processes serve the shop or tokens must outlive a restart',
  maintenanceTitle: 'Closed for maintenance',
  maintenanceText: 'The store cannot open its records right now. Please try again later.',
  startupFailureLog: 'database cannot be opened: serving the maintenance page (503) until restarted with a usable database',
  unsafeLink: 'externalLink must be a path on this site or an http, https, mailto or tel address.',
  pageNotFoundTitle: 'Page not found',
  errorPageTitle: 'Something went wrong',
  accessDeniedTitle: 'This content is for members',
  restockEmailSubject: '{productName} is back in stock',
  newsletterTitle: 'Letters from the studio',
  homeNewsletterTitle: 'Be first to the next kiln opening',
  homeNewsletterDescription: 'One email when a new batch is ready. No more than that.',
  newsletterDescription: 'New pieces and workshop dates, once a month.',
  searchTitle: 'Search',
  cartTitle: 'Shopping Cart',
  checkoutTitle: 'Checkout',
  orderConfirmedTitle: 'Order confirmed',
  subscriptionConfirmedTitle: 'Subscription confirmed',
  giftCardTitle: 'Gift Card',
  shopBrowseInvalid: 'That filter, sort or page does not exist.',
  sortFeatured: 'Featured',
  sortNewest: 'Newest',
  sortPriceLowToHigh: 'Price, low to high',
  sortPriceHighToLow: 'Price, high to low',
  allProducts: 'All',
  restockEmailBody: 'Good news: {productName} ({variant}) is available again at {url}',
} as const;

/** Fills {name} placeholders of a catalogue message. */
export function fillMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
