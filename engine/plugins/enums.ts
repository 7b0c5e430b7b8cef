/**
 * The platform's enumerations, shared by formatters, predicates and the server.
 *
 * Each numeric enumeration is an `as const` object from the name the
 * templates and the references use (e.g. 'store-item') to its numeric code,
 * so a predicate named after a value can look its code up directly.
 * `codeOf` and `nameOf` translate in both directions.
 *
 * Where the specification says a list is longer than it shows, only the
 * values it (or the references) actually name are listed here.
 */

export type Enumeration = Readonly<Record<string, number>>;

/** Kind of product under an item's structuredContent. */
export const ProductType = {
  undefined: -1,
  physical: 1,
  digital: 2,
  service: 3,
  'gift-card': 4,
  paywall: 5,
} as const;

/** Kind of content record (an item's `recordType`). */
export const RecordType = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  chat: 6,
  audio: 7,
  video: 8,
  review: 10,
  'store-item': 11,
  event: 12,
  thread: 13,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
  lesson: 62,
  'course-item': 63,
} as const;

/** Kind of collection (a collection's `type`). */
export const CollectionType = {
  undefined: -1,
  generic: 1,
  subscription: 2,
  twitter: 3,
  foursquare: 4,
  instagram: 5,
  'gallery-block': 6,
  'template-page': 7,
  'splash-page': 8,
  page: 10,
  fivehundredpix: 11,
  flickr: 12,
  products: 13,
  'slide-gallery': 15,
  'slide-album': 16,
  'slide-video': 17,
  'album-block': 18,
  lessons: 24,
  course: 25,
} as const;

/** What clicking a navigation folder does. */
export const FolderBehavior = {
  undefined: -1,
  index: 1,
  redirect: 2,
  none: 3,
  variation: 4,
} as const;

/** Where a page background comes from (`backgroundSource`). */
export const BackgroundSource = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
} as const;

/** Billing status of a website (codes 9 to 14 are not named by the specification). */
export const WebsiteStatus = {
  expired: 1,
  pastdue: 2,
  trial: 3,
  beta: 4,
  removed: 5,
  internal: 6,
  comped: 7,
  paid: 8,
  enterprise: 15,
} as const;

/** Role of a contributor on a website. */
export const ContributorRole = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  'store-manager': 8,
  scheduling: 9,
  viewer: 10,
  'campaigns-editor': 11,
  'scheduling-viewer': 12,
  'scheduling-editor': 13,
  none: 14,
  'website-manager': 15,
} as const;

/** Kind of layout block. */
export const BlockType = {
  undefined: -1,
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  twitter: 6,
  journal: 7,
  gallery: 8,
  form: 9,
  geo: 10,
  index: 11,
  collectionlink: 12,
  link: 13,
  tagcloud: 14,
  comments: 16,
  folder: 17,
  menu: 18,
  sociallinks: 19,
  summary: 20,
  spacer: 21,
  embed: 22,
  code: 23,
  foursquare: 24,
  instagram: 25,
  calendar: 26,
  postsbyauthor: 27,
  postsbytag: 28,
  postsbycategory: 29,
  postsbymonth: 30,
  quote: 31,
  video: 32,
  search: 33,
  audio: 41,
  fivehundredpix: 42,
  product: 43,
  markdown: 44,
  flickr: 45,
  amazon: 46,
  horizontalrule: 47,
  socialaccountlinks: 48,
  rss: 49,
  opentable: 50,
  newsletter: 51,
  donation: 52,
  button: 53,
  'socialaccountlinks-v2': 54,
  'summary-v2': 55,
  soundcloud: 56,
  emailfooter: 57,
  'in-browser-message-link': 58,
  tourdates: 59,
  album: 60,
  archive: 61,
  chart: 62,
  zola: 63,
  acuity: 65,
  'opentable-v2': 66,
  'member-area': 67,
  tock: 68,
  accordion: 69,
} as const;

/** Kind of slice in a cover page or section layout. */
export const SliceType = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
} as const;

/** Visitor analytics event kinds. */
export const VisitorEventType = {
  'page-view': 1,
  'site-search': 2,
  heartbeat: 10,
  audio: 20,
  video: 21,
} as const;

/** An item's `commentState`; only "open" is named. */
export const CommentState = {
  open: 1,
} as const;

/** Kind of page being rendered, as the storefront reports it. */
export const PageType = {
  'main-content': 1,
  page: 2,
  'splash-page': 3,
  'content-item': 50,
  'not-found': 100,
  error: 101,
  search: 102,
  'lock-screen': 103,
  'popup-overlay': 104,
  'protected-content': 105,
  'member-area-access-denied': 106,
  'show-cart': 200,
  checkout: 201,
  'order-confirmed': 202,
  donate: 203,
  'contribution-confirmed': 204,
  'commerce-cart-v2': 205,
  'subscription-confirmed': 206,
  'order-received': 207,
  'membership-confirmed': 208,
  'reviews-request': 209,
  'digital-product-composer-preview': 210,
  'order-status': 211,
  'newsletter-unsubscribe': 300,
  'commerce-email-preview': 301,
} as const;

/** Pages that analytics never tracks. */
export const UNTRACKED_PAGE_TYPES: readonly number[] = [
  PageType['not-found'],
  PageType['lock-screen'],
  PageType['member-area-access-denied'],
];

/** Fieldsets of the form-builder model. */
export const FormFieldset = {
  build: 1,
  storage: 2,
  advanced: 3,
  captcha: 4,
  disclaimer: 5,
} as const;

/**
 * Supported store currencies. Their fraction digits are ISO 4217's, kept once
 * for the engine, the server and the islands in commerce/currency-digits.ts.
 */
export const STORE_CURRENCIES = [
  'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
  'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR',
] as const;

export type CurrencyCode = (typeof STORE_CURRENCIES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** Subscription billing units and how many periods of each make a year. */
export const BillingUnitsPerYear = {
  WEEK: 52,
  MONTH: 12,
  YEAR: 1,
} as const;

export type BillingUnit = keyof typeof BillingUnitsPerYear;

/** Environments of the hosted analytics tracker. */
export const TRACKER_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export type TrackerEnvironment = (typeof TRACKER_ENVIRONMENTS)[number];

/** Gallery block options that select among fixed values. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
/** Gallery block options that are on or off. */
export const GALLERY_BOOLEAN_OPTIONS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;
export const GALLERY_ASPECT_RATIOS = [
  'square',
  'standard',
  'standard-vertical',
  'four-three',
  'three-four-vertical',
  'widescreen',
  'anamorphic-widescreen',
] as const;

/** Block types an item can be promoted as (`promotedBlockType`). */
export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

/** Editor and page-shape names. */
export const DEVICE_VIEW_TYPES = ['desktop', 'phone', 'tablet'] as const;
export const COLLECTION_VIEW_TYPES = ['list', 'grid', 'product'] as const;
export const SECTION_TYPES = ['cover-page', 'lock-screen', 'popup-overlay'] as const;
export const GALLERY_ITEM_MEDIA_TYPES = [
  'imageEmpty',
  'imageFile',
  'imageLicensed',
  'imageReused',
  'assetReused',
  'video',
] as const;

/** The likert scale of form answers, from -2 to 2. */
export const LIKERT_LABELS = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
} as const;

const reverseTables = new WeakMap<Enumeration, Map<number, string>>();

/** Numeric code of a name in an enumeration, or undefined when the name is not part of it. */
export function codeOf(enumeration: Enumeration, name: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(enumeration, name) ? enumeration[name] : undefined;
}

/** Name of a code in an enumeration, or undefined when no value has that code. */
export function nameOf(enumeration: Enumeration, code: number): string | undefined {
  let reverse = reverseTables.get(enumeration);
  if (reverse === undefined) {
    reverse = new Map();
    for (const [name, value] of Object.entries(enumeration)) reverse.set(value, name);
    reverseTables.set(enumeration, reverse);
  }
  return reverse.get(code);
}

/** Fraction digits of a currency (ISO 4217): 0 for JPY, 3 for KWD, 2 for USD and unknown codes. */
export { fractionDigitsOf } from './commerce/currency-digits.ts';

export function isTrackerEnvironment(value: string): value is TrackerEnvironment {
  return (TRACKER_ENVIRONMENTS as readonly string[]).includes(value);
}
