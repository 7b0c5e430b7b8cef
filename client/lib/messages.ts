/**
 * The storefront message catalogue: every visitor-facing string of the store
 * (validation, errors, button labels, cart labels) lives here once. Both the
 * server and the islands import from this module so the two can never drift.
 */

import { translated } from './translated.ts';
// The translations are registered by whoever runs with them: the server all at once
// (messages/translations.ts, through server/pages/store-language.ts), a browser page only its own
// language's, loaded before its islands start (page-language.ts).

// ---------------------------------------------------------------- add to cart

/** Button label texts of the add-to-cart button and its states. */
export const BUTTON = translated('BUTTON', {
  addToCart: 'Add to Cart',
  addToCartDefault: 'Add To Cart',
  /** A gift card is bought on its own (its own step, then checkout), never put in the cart. */
  buyNow: 'Buy now',
  adding: 'Adding…',
  added: 'Added!',
  subscribe: 'Subscribe',
  quickView: 'Quick View',
  soldOut: 'sold out',
  sale: 'sale',
  quantity: 'Quantity',
  selectValue: 'Select Value',
  submitting: 'Submitting…',
  signedUp: 'Signed up!',
  submit: 'Submit',
  signUp: 'Sign Up',
  notifyMe: 'Notify me',
  close: 'Close',
  confirm: 'Confirm',
  cancel: 'Cancel',
  remove: 'Remove',
  edit: 'Edit',
  checkout: 'Checkout',
  previous: 'Previous',
  next: 'Next',
  learnMore: 'Learn more',
  save: 'Save',
} as const);

/**
 * The sentences built around names and counts, which each language words (and orders) its own
 * way; the functions below read them.
 */
export const SENTENCES = translated('SENTENCES', {
  selectVariant: (variantName: string): string => `Select ${variantName}`,
  selectOneOption: (option: string): string => `Please select the ${option} option.`,
  selectTwoOptions: (first: string, second: string): string => `Please select the ${first} and ${second} options.`,
  selectManyOptions: (optionsList: string, lastOption: string): string => `Please select the ${optionsList} and ${lastOption} options.`,
  soldOutNow: 'It is sold out.',
  onlyLeftWithCart: (left: number, inCart: number): string => `Only ${left} left, and your cart already has ${inCart}.`,
  onlyLeft: (left: number): string => `Only ${left} left.`,
  notEnoughOfItem: (item: string): string => `Sorry, we do not have enough of ${item} available.`,
  itemQuantity: (quantity: number, productName: string): string => `${quantity} of ${productName}`,
  cartMoreThan100: 'More than 100 items in cart',
  cartOneItem: 'One item in cart',
  cartItems: (count: number): string => `${count} items in cart`,
  cartLabel: 'Cart',
  emailNotValid: (example: string): string => `Email is not valid. Email addresses should follow the format ${example}.`,
  instalmentInRange: (count: number, amount: string, brand: string): string => `or ${count} interest-free payments of ${amount} with ${brand}`,
  instalmentOutOfRange: (brand: string, min: string, max: string): string => `${brand} available for orders over ${min} and up to ${max}`,
  instalmentModalBody: (count: number, brand: string): readonly string[] => [
    `Pay in ${count} interest-free payments with ${brand}.`,
    'Add your favourites to cart and select the instalment option at checkout.',
    'Log in or create an account, with instant approval decision.',
    `Your purchase will be split into ${count} payments, payable every 2 weeks.`,
  ],
} as const);

/** Default label of a variant dropdown: 'Select {variantName}'. */
export function selectVariantLabel(variantName: string): string {
  return SENTENCES.selectVariant(variantName);
}

/** A variant dropdown's option whose every variant is sold out: 'Natural (Sold out)'. */
export function soldOutOptionLabel(value: string, soldOutText: string): string {
  return `${value} (${soldOutText})`;
}

/** The visually hidden labels of a sale price, as the engine's price markup has them. */
export const PRICE_LABEL = translated('PRICE_LABEL', {
  sale: 'Sale Price:',
  original: 'Original Price:',
} as const);

/**
 * The message for unselected variant options: one, two or many option names.
 * Returns an empty string when nothing is missing.
 */
export function selectOptionsMessage(options: readonly string[]): string {
  if (options.length === 0) return '';
  if (options.length === 1) return SENTENCES.selectOneOption(options[0]);
  if (options.length === 2) return SENTENCES.selectTwoOptions(options[0], options[1]);
  const optionsList = options.slice(0, -1).join(', ');
  const lastOption = options[options.length - 1];
  return SENTENCES.selectManyOptions(optionsList, lastOption);
}

export const ADD_TO_CART = translated('ADD_TO_CART', {
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenomination: 'Select a denomination for the Gift Card',
  selectDenomination: 'Select a denomination',
} as const);

/**
 * Not enough stock, said before the add is sent (or after the store refused it), with how many
 * are left and how many the cart already holds: the spec's sentence, then the count.
 */
export function notEnoughStockLeftMessage(left: number, inCart: number, item?: string): string {
  const count = left <= 0 ? SENTENCES.soldOutNow
    : inCart > 0 ? SENTENCES.onlyLeftWithCart(left, inCart)
      : SENTENCES.onlyLeft(left);
  // the cart page names its line (item, in words), as 'that item' is ambiguous among several
  return `${item ? SENTENCES.notEnoughOfItem(item) : ADD_TO_CART.notEnoughStock} ${count}`;
}

/** What is being added, in words: '2 of Linen Work Shirt (Size: M, Color: White)'. */
export function addedItemDescription(productName: string, variantLabel: string, quantity: number): string {
  return `${quantity > 1 ? SENTENCES.itemQuantity(quantity, productName) : productName}${variantLabel ? ` (${variantLabel})` : ''}`;
}

/** The add-to-cart island's status region (announced politely; failures are alerts). */
export const ADD_TO_CART_STATUS = translated('ADD_TO_CART_STATUS', {
  adding: (item: string): string => `Adding ${item} to your cart…`,
  /** A developer template's button, before the store names what it adds. */
  addingToCart: 'Adding to your cart…',
  added: (item: string): string => `Added ${item} to your cart.`,
} as const);

/** Messages of the call schemas (what a 400 says is wrong). */
export const PAYLOAD = {
  quantityAtLeast: (min: number): string => `Quantity must be at least ${min}.`,
  quantityAtMost: (max: number): string => `Quantity must be at most ${max}.`,
  additionalFieldsNotJson: 'additionalFields must be a JSON string.',
  itemIdRequired: 'itemId is required.',
  skuRequired: 'sku is required.',
} as const;

/** Titles of the alert that shows an add failure. */
export const ALERT_TITLE = translated('ALERT_TITLE', {
  addItem: 'Unable to Add Item',
  expressCheckout: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const);

/** Messages of call failures shared by every island that calls the store. */
export const REQUEST = translated('REQUEST', {
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  tooManyRequests: 'Please try again in a few seconds.',
  checkConnection: 'Please check your internet connection.',
  tryAgain: 'Please try again.',
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error',
} as const);

/** The crumb-failure message depends on whether the browser keeps cookies. */
export function crumbFailureMessage(cookiesEnabled: boolean): string {
  return cookiesEnabled ? REQUEST.sessionExpired : REQUEST.enableCookies;
}

// ----------------------------------------------------------------------- cart

export const CART = translated('CART', {
  updateQuantity: 'Unable to update quantity',
  updateForm: 'Unable to update form',
  openForm: 'Unable to open form',
  removeItem: 'Unable to remove item',
  addItem: 'Unable to add item',
  emptyCart: 'You have nothing in your shopping cart.',
  continueShopping: 'Continue Shopping',
  subtotal: 'Subtotal',
  total: 'Total',
  shipping: 'Shipping',
  tax: 'Tax',
  /** The tax row of a shop whose prices include it, under the total: 'Includes tax $16.67'. */
  taxIncluded: 'Includes tax',
  /** The same row where the shop names its tax (tax-label.ts): 'Includes VAT'. */
  includesNamedTax: (name: string): string => `Includes ${name}`,
  /** The tax's row with its rate (tax-label.ts): 'Includes VAT (23%)'. */
  taxAtRate: (words: string, percent: string): string => `${words} (${percent}%)`,
  /** Under a product's price in a shop whose prices include the tax: 'Prices include VAT; shipping is added at checkout.' */
  pricesIncludeTaxNote: (name: string): string => `Prices include ${name === '' ? 'tax' : name}; shipping is added at checkout.`,
  /** The same under the price of what is not shipped (a download, a service): 'Prices include VAT.' */
  pricesIncludeTaxUnshippedNote: (name: string): string => `Prices include ${name === '' ? 'tax' : name}.`,
  discount: 'Discount',
  removeConfirmTitle: 'Remove Item',
  /** The line named as the cart names it elsewhere (addedItemDescription): 'Are you sure you want to remove 2 of Linen Work Shirt (Size: L) from your cart?' */
  removeConfirmMessage: (item: string): string => `Are you sure you want to remove ${item} from your cart?`,
  quantityLabel: 'Quantity',
  /** After a line's unit price: '$68.00 each'. */
  each: 'each',
  shoppingCart: 'Shopping Cart',
  /** The cart table's column headers, read by a screen reader before each cell (the design shows none). */
  columns: { picture: 'Picture', item: 'Item', quantity: 'Quantity', price: 'Price', remove: 'Remove' },
} as const);

/** The cart page's status region (announced politely; failures are alerts): what changed and the new subtotal. */
export const CART_STATUS = translated('CART_STATUS', {
  /** 'Quantity of Stoneware Mug updated to 3. Subtotal: $84.00.' */
  quantityUpdated: (item: string, quantity: number, subtotal: string): string => `Quantity of ${item} updated to ${quantity}. Subtotal: ${subtotal}.`,
  /** 'Removed Linen Work Shirt (Size: M) from your cart. Subtotal: $68.00.' */
  removed: (item: string, subtotal: string): string => `Removed ${item} from your cart. Subtotal: ${subtotal}.`,
  /** The last line removed. */
  removedLast: (item: string): string => `Removed ${item} from your cart. Your cart is empty.`,
} as const);

/** Count shown on the pill: the number, or '100+' above 100. */
export const CART_COUNT_CAP = 100;
export function cartCountText(count: number): string {
  return count > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(count);
}

/** Accessible label of the cart link / pill. */
export function cartCountLabel(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return SENTENCES.cartLabel;
  if (count > CART_COUNT_CAP) return SENTENCES.cartMoreThan100;
  if (count === 1) return SENTENCES.cartOneItem;
  return SENTENCES.cartItems(count);
}

// ---------------------------------------------------------------------- forms

export const FORM = translated('FORM', {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  invalidFields: 'One or more fields is invalid, please check your entries.',
  processingError: 'Error processing form submission. Please reload and try again.',
  unknownError: 'Unknown error, please try again later.',
  completeCaptcha: 'Complete CAPTCHA before submitting.',
  noSubmissionKey: 'Could not get a form submission key, please try again later.',
  cannotParseFields: 'Could not parse the form fields, please check your entries.',
  scrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  scrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  status401: 'Unable to submit form. Please try again later.',
  status404: 'This form has not been configured yet.',
  status429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  status500: 'Unable to send form. Please try again later.',
  invalidDate: 'Invalid date.',
  defaultFormName: 'My Form Name',
  thankYou: 'Thank you!',
} as const);

/**
 * Under a form that only its script can send (contact, newsletter, restock sign-up, checkout),
 * beside the product's Add to Cart and under the cart's lines, in a <noscript>: the store's own
 * words, as the specification has none.
 */
export const SCRIPT_NEEDED = translated('SCRIPT_NEEDED', {
  form: 'This form needs JavaScript. Please turn on JavaScript in your browser and reload the page.',
  addToCart: 'Buying this item needs JavaScript. Please turn on JavaScript in your browser and reload the page.',
  cart: 'Changing a quantity or removing an item needs JavaScript. Please turn on JavaScript in your browser and reload the page.',
} as const);

/** The email-field message, with an example address in place of {email}. */
export const EMAIL_EXAMPLE = 'user@example.com';
export function emailNotValidMessage(example: string = EMAIL_EXAMPLE): string {
  return SENTENCES.emailNotValid(example);
}

/** Character counter text 'count / max'. */
export function characterCounterText(count: number, max: number): string {
  return `${count} / ${max}`;
}

/** Form-save failure message by HTTP status; null when the status has none of its own. */
export function formStatusMessage(status: number): string | null {
  switch (status) {
    case 401: return FORM.status401;
    case 404: return FORM.status404;
    case 429: return FORM.status429;
    case 500: return FORM.status500;
    default: return null;
  }
}

/** Likert scale from -2 to 2, in display order (an array: object keys would reorder). */
export const LIKERT_SCALE: ReadonlyArray<readonly [score: string, label: string]> = translated('LIKERT_SCALE', [
  ['-2', 'Strongly Disagree'],
  ['-1', 'Disagree'],
  ['0', 'Neutral'],
  ['1', 'Agree'],
  ['2', 'Strongly Agree'],
] as const);

/** Part labels of the compound field types. */
export const FIELD_PARTS = translated('FIELD_PARTS', {
  name: ['First Name', 'Last Name'],
  address: ['Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Country'],
  date: ['MM', 'DD', 'YYYY'],
  time: ['HH', 'MM', 'SS', 'AM/PM'],
  phone: ['Country', '###', '###', '####'],
} as const);

/**
 * What a screen reader says for a part whose label is a shorthand only seen to be understood ("MM",
 * "###"), by its label; a part not listed is read by its label. The visible labels stay Squarespace's.
 */
export const FIELD_PART_SPOKEN_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = translated('FIELD_PART_SPOKEN_NAMES', {
  date: { MM: 'Month', DD: 'Day', YYYY: 'Year' },
  time: { HH: 'Hour', MM: 'Minute', SS: 'Second', 'AM/PM': 'AM or PM' },
  phone: { Country: 'Country code', '###': 'Area code', '###-####': 'Phone number' },
} as const);

// -------------------------------------------------------------------- restock

export const RESTOCK = translated('RESTOCK', {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  completeCaptcha: 'Complete CAPTCHA before submitting.',
  signedUp: 'Signed up!',
  emailLabel: 'Email Address',
  joinMailingList: 'Sign up for news and updates',
  callToAction: 'Get notified when this item is back in stock.',
} as const);

// ----------------------------------------------------------------- newsletter

export const NEWSLETTER = translated('NEWSLETTER', {
  emailInvalid: 'Please enter a valid email',
  emailFormat: (email: string): string => `Emails must be formatted as ${email}`,
  success: 'Thank you for signing up!',
  checkEmail: 'If this address is new to us, please check your email to confirm your subscription.',
  // a store without a mail server keeps the confirmation until it has one: nothing is promised
  confirmationNotSentYet: 'This store cannot send emails at the moment, so no confirmation email is on its way yet. If this address is new to us, it joins the mailing list only once you confirm it by email.',
  failure: 'Something went wrong',
  emailLabel: 'Email Address',
} as const);

// ----------------------------------------------------------------- instalments

export const INSTALMENTS = translated('INSTALMENTS', {
  defaultCount: 4,
  modalTitle: 'Pay in instalments',
  close: 'Close',
} as const);

/** The two brands of the buy-now-pay-later provider. */
export type InstalmentBrand = 'Afterpay' | 'Clearpay';

/** 'or 4 interest-free payments of {amount} with {brand}' */
export function instalmentInRangeText(count: number, amount: string, brand: InstalmentBrand): string {
  return SENTENCES.instalmentInRange(count, amount, brand);
}

/** Out of range: 'available for orders over/up to {amount}'. */
export function instalmentOutOfRangeText(brand: InstalmentBrand, min: string, max: string): string {
  return SENTENCES.instalmentOutOfRange(brand, min, max);
}

export function instalmentModalBody(count: number, brand: InstalmentBrand): string[] {
  return [...SENTENCES.instalmentModalBody(count, brand)];
}

// --------------------------------------------------------------------- gallery

export const GALLERY = translated('GALLERY', {
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  play: 'Play',
  pause: 'Pause',
  slide: (index: number, total: number): string => `Slide ${index} of ${total}`,
  /** A gallery's only photo, where it has no alt text of its own. */
  photo: 'Photo',
  thumbnail: (index: number): string => `Show image ${index}`,
} as const);

// --------------------------------------------------------------------- image

export const IMAGE = {
  srcRequired: 'Image requires a src.',
  widthRequired: 'Image requires a width.',
  heightRequired: 'Image requires a height.',
  negative: (prop: string): string => `Image ${prop} must be a positive number.`,
  notInteger: (prop: string): string => `Image ${prop} must be an integer.`,
  altRequired: 'Image requires an alt attribute; use an empty string for decorative images.',
  priority: 'Image priority must be "high", "low" or null.',
  loader: 'Image loader must be "sqs" or "raw".',
  srcsetNeedsRaw: 'Image srcset is only allowed with the "raw" loader.',
  sizesNeedsSqs: 'Image sizes is required with the "sqs" loader.',
} as const;

// -------------------------------------------------------------- shared helpers

export const HELPERS = {
  tweenDuration: 'Tween duration must be a finite number.',
  focusTarget: 'Provide exactly one of container or predicate.',
  captchaNotSetUp: 'ReCaptcha has not been set up!',
  documentDestroyed: 'Document was destroyed',
  recorderOrgId: 'Session recorder requires an organisation id.',
  trackingStatus: (code: number): string => `Error tracking event: HTTP Status ${code}`,
  analyticsIdStore: 'Unable to store analyticsId',
  trackerFieldOverwritten: (field: string): string => `Tracker field "${field}" was overwritten by an automatic value.`,
  trackerUnknownEnvironment: (env: string): string => `Unknown tracker environment "${env}".`,
  modalFetchFailed: 'Unable to load the instalment information.',
  islandMissing: (name: string): string => `Unknown island "${name}".`,
} as const;

/** Texts of the built-in captcha widget. */
export const CAPTCHA_TEXT = translated('CAPTCHA_TEXT', {
  verify: 'Verify',
  verified: 'Verified',
  loading: 'Loading challenge…',
  unavailable: 'The challenge could not be loaded.',
} as const);

export const CONFIRM = translated('CONFIRM', {
  title: 'Are you sure?',
  confirm: 'Confirm',
  cancel: 'Cancel',
} as const);

// ------------------------------------------------------------------- checkout

/** Billing period units of a subscription plan, singular and plural. */
const BILLING_UNITS: Readonly<Record<string, readonly [string, string]>> = {
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/**
 * The checkout form, its field errors and the payment answers. The platform's own checkout is a
 * hosted page whose texts the specification does not give, so these are the store's own words.
 */
export const CHECKOUT = translated('CHECKOUT', {
  contactHeading: 'Contact',
  shippingHeading: 'Shipping address',
  /** An order with nothing to ship (gift cards, downloads) still asks where the card is billed. */
  billingHeading: 'Billing address',
  deliveryHeading: 'Delivery',
  paymentHeading: 'Payment',
  summaryHeading: 'Order summary',
  giftCardHeading: 'Gift card recipient',
  emailLabel: 'Email',
  nameLabel: 'Full name',
  line1Label: 'Address',
  line2Label: 'Apartment, suite, etc. (optional)',
  cityLabel: 'City',
  regionLabel: 'State / Province (optional)',
  postalCodeLabel: 'Postal code',
  /** Where a country's addresses may go without one (Ireland's Eircode). */
  postalCodeOptionalLabel: 'Postal code (optional)',
  countryLabel: 'Country',
  recipientEmailLabel: "Recipient's email",
  cardNumberLabel: 'Card number',
  cardExpiryLabel: 'Expiry (MM/YY)',
  cardCvcLabel: 'Security code',
  addressSuggestions: 'Address suggestions',
  placeOrder: 'Place order',
  placingOrder: 'Placing order…',
  /** Beside Place order while the page's script is still loading (the button is off until then). */
  waitingForPage: 'Place order can be pressed once the page has finished loading.',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  free: 'Free',
  /** The shipping a free-shipping code took off, named wherever that shipping is shown (the checkout's totals, the confirmation page, the emails). */
  freeWithCode: (code: string): string => `Free with code ${code}`,
  emailInvalid: 'Please enter a valid email address.',
  nameRequired: 'Please enter your name.',
  line1Required: 'Please enter your street address.',
  cityRequired: 'Please enter your city.',
  postalCodeRequired: 'Please enter your postal code.',
  /** A postal code not of the chosen country's shape, with one that is. */
  postalCodeInvalid: (country: string, example: string): string => `Please check your postal code: for ${country}, one looks like ${example}.`,
  countryRequired: 'Please choose a country.',
  fieldTooLong: (max: number) => `This is too long: use at most ${max} characters.`,
  recipientEmailInvalid: "Please enter the recipient's email address.",
  shippingOptionRequired: 'Please choose a shipping option.',
  noShippingOption: 'None of our shipping options can carry this order. Please remove an item or contact us.',
  /** No shipping rate of the shop ships to the country chosen (its name in the store's language). */
  notShippingTo: (country: string): string => `We don't ship to ${country} yet.`,
  cardNumberInvalid: 'Please enter a valid card number.',
  cardExpiryInvalid: 'Please enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired.',
  cardCvcInvalid: 'Please enter the 3 or 4 digit security code.',
  fieldsInvalid: 'Please correct the marked fields.',
  /** Above the fields when several need correcting, each listed as a link to it. */
  problemsHeading: 'Please correct these fields',
  problemAt: (label: string, message: string): string => `${label}: ${message}`,
  /** The order's totals again just above the button that pays them (on a phone the summary is far up the page). */
  recapLabel: 'Your order',
  itemCount: (count: number): string => (count === 1 ? '1 item' : `${count} items`),
  paymentDeclined: 'Your card was declined. Please use a different card.',
  paymentRetry: 'Your payment could not be processed. Please try again.',
  /** No answer came to Place order (the connection dropped): the order may have been placed. A retry reuses the attempt key, so it is never charged twice. */
  orderUnconfirmed: "We couldn't confirm your order. It may have gone through: tap Place order again — you will not be charged twice.",
  totalChanged: 'The total of your order has changed. Please review it and place your order again.',
  attemptInvalid: 'Please reload the page and try again.',
  /**
   * The order refused because a line's stock ran out after it was put in the cart (another shopper
   * bought it first): each such line named with its variant and what is left, then what to do.
   * (The specification's 'Sorry, we do not have enough of that item available.' names nothing.)
   */
  notEnoughLeft: (lines: ReadonlyArray<{ productName: string; variantLabel: string; left: number }>): string => {
    const facts = lines.map(({ productName, variantLabel, left }) => {
      const item = addedItemDescription(productName, variantLabel, 1);
      return left <= 0 ? `${item} is sold out` : `only ${left} of ${item} ${left === 1 ? 'is' : 'are'} left`;
    });
    const said = facts.length > 1 ? `${facts.slice(0, -1).join(', ')} and ${facts[facts.length - 1]}` : facts[0];
    return `${said ? `Sorry, ${said}. ` : ''}Please change your cart, then place your order again.`;
  },
  /** The mark on a summary line the stock can no longer cover. */
  lineLeft: (left: number): string => (left <= 0 ? 'Sold out' : `Only ${left} left`),
  changeCart: 'Change your cart',
  testCards: 'Test mode: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 0119 asks you to try again. Any future expiry and any 3 digits.',
  orderNumber: (number: number): string => `#${number}`,
  /** Paying with a gift card (its code under the card details, applied by the server's quote). */
  giftCardCodeLabel: 'Gift card code (optional)',
  giftCardApply: 'Apply',
  /** Said after Apply to a screen reader only (the button's name 'Apply gift card code'), where the page shows two Apply buttons. */
  giftCardApplyWhat: 'gift card code',
  giftCardRemove: 'Remove gift card',
  giftCardCodeInvalid: 'A gift card code has 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR, and never the letters I or O or the digits 0 or 1.',
  /** Apply pressed with the box empty. */
  giftCardCodeMissing: 'Type your gift card code, then Apply.',
  giftCardUnknown: 'We do not know this gift card code. Please check it, or empty the box to pay without a gift card.',
  giftCardUsedUp: 'This gift card has no balance left.',
  giftCardCancelled: 'This gift card can no longer be used.',
  giftCardOtherCurrency: 'This gift card is in another currency than the shop.',
  giftCardForGiftCard: 'A gift card cannot pay for another gift card.',
  /** The totals' line of the amount a gift card pays (shown as a deduction). */
  giftCardLine: (last4: string): string => `Gift card ending ${last4}`,
  /** What stays on the card once this order is paid. */
  giftCardBalanceAfter: (amount: string): string => `${amount} stays on the gift card.`,
  /** Nothing stays on the card once this order is paid. */
  giftCardSpentWhole: 'This order uses the whole gift card.',
  amountDue: 'To pay',
  /** The gift card pays for everything: the card details are not asked for. */
  giftCardPaysAll: 'Your gift card pays for the whole order: no payment card is needed.',
  /** Said to screen readers once a card is applied or removed (the totals change far from the box). */
  giftCardApplied: (last4: string, amountDue: string): string => `Gift card ending ${last4} applied. To pay: ${amountDue}.`,
  giftCardRemoved: 'Gift card removed.',
  /** A code typed but not applied, applied by the server when the order was placed: nothing was charged yet. */
  giftCardAppliedOnOrder: (last4: string, amountDue: string): string => `Gift card ending ${last4} applied. To pay: ${amountDue}. Please check your order and place it again.`,
  /** A discount code (its box above the totals, applied by the server's quote: discount-code.ts). */
  discountCodeLabel: 'Discount code (optional)',
  discountApply: 'Apply',
  /** Said after Apply to a screen reader only (the button's name 'Apply discount code'), where the page shows two Apply buttons. */
  discountApplyWhat: 'discount code',
  discountRemove: 'Remove discount code',
  discountCodeInvalid: 'A discount code has 3 to 32 letters, digits, dashes or underscores.',
  /** Apply pressed with the box empty. */
  discountCodeMissing: 'Type your discount code, then Apply.',
  discountUnknown: 'We do not know this discount code. Please check it, or empty the box to order without one.',
  discountNotStarted: 'This discount code cannot be used yet.',
  discountEnded: 'This discount code has expired.',
  discountUsedUp: 'This discount code has been used as many times as it can be.',
  discountStopped: 'This discount code can no longer be used.',
  discountOtherCurrency: 'This discount code is in another currency than the shop.',
  /** The goods (gift cards not counted) do not reach the code's minimum, written in the shop's money. */
  discountMinimum: (amount: string): string => `This discount code needs an order of at least ${amount}, not counting gift cards.`,
  discountNothingToShip: 'This order has nothing to ship, so a free shipping code does not apply.',
  discountOnlyGiftCards: 'Discount codes do not apply to gift cards.',
  /** A code limited to chosen products, none of which is in the cart. */
  discountOtherProducts: 'This discount code is for other products than those in your cart.',
  /** A code limited to chosen categories (named, "Ceramics or Home"), none of whose products is in the cart. */
  discountOtherCategories: (categories: string): string => `This discount code is for products in ${categories}, and your cart has none.`,
  /** A once-per-customer code an earlier order with the same email used (checked when the order is placed). */
  discountUsedByCustomer: 'This discount code can be used once per customer, and an earlier order with this email used it.',
  /** A code refused when the order is placed: it stays in its box, so the way on is said. */
  discountRefusedOnOrder: (reason: string): string => `${reason} Clear the box to place your order without a code.`,
  /** A free shipping code applied where the chosen shipping costs nothing already. */
  discountShippingFreeAlready: 'Your shipping is free already.',
  /** The totals' line of what the code takes off (shown as a deduction). */
  discountLine: (code: string): string => `Discount (${code})`,
  /** Said to screen readers once a code is applied or removed (the totals change far from the box). */
  discountApplied: (code: string, total: string): string => `Discount code ${code} applied. Total: ${total}.`,
  discountRemoved: 'Discount code removed.',
  /** The discount leaves nothing to pay: the card details are not asked for. */
  discountPaysAll: 'Your discount covers the whole order: no payment card is needed.',
  /** A code typed but not applied, applied by the server when the order was placed: nothing was charged yet. */
  discountAppliedOnOrder: (code: string, total: string): string => `Discount code ${code} applied. Total: ${total}. Please check your order and place it again.`,
  billingInterval: (value: number, unit: string): string => {
    const words = BILLING_UNITS[unit.toUpperCase()];
    if (!words) return '';
    return value === 1 ? `Billed every ${words[0]}` : `Billed every ${value} ${words[1]}`;
  },
} as const);

// ---------------------------------------------------------------- digital downloads

/** The download links of an order's digital products: in the confirmation email, on its page, and the link's refusals. */
export const DOWNLOADS = translated('DOWNLOADS', {
  heading: 'Your downloads',
  /** The link's text, naming the product. */
  linkLabel: (productName: string): string => `Download ${productName}`,
  /** How long and how often a new link works, the day written in the shop's language ("December 28, 2026"). */
  linkTerms: (times: number, day: string): string => `works ${times} times until ${day}`,
  /** On the confirmation page, a link already used some of its times. */
  linkTermsLeft: (left: number, day: string): string => `works ${left === 1 ? 'once more' : `${left} more times`} until ${day}`,
  linkTermsUsedUp: (times: number): string => `used ${times} times: contact the shop for a new link`,
  linkTermsExpired: (day: string): string => `expired on ${day}: contact the shop for a new link`,
  /** The owner's new-order email, for a digital line whose product had no file when it was bought. */
  noFileForOwner: 'no file attached: send it by hand',
  /** The buyer's confirmation email and page, for the same line: no link, so say how the file comes. */
  fileToFollow: (productName: string): string => `${productName}: the shop will send you this file itself.`,
  refusedTitle: 'Download not available',
  /** How a refusal names the order to quote: "order #1003" (its number, when the link's order has one). */
  orderToQuote: (orderNumber: number | null): string => (orderNumber === null ? 'your order number' : `order #${orderNumber}`),
  expired: (order: string): string => `This download link has expired. Please contact the shop, quoting ${order}, for a new one.`,
  usedUp: (times: number, order: string): string => `This download link has been used ${times} times, as many as it allows. Please contact the shop, quoting ${order}, for a new one.`,
  orderClosed: (order: string): string => `This download link no longer works because its order was cancelled or refunded. Please contact the shop, quoting ${order}, if you think this is a mistake.`,
  /** A refund of part of the order gave back every unit of this download's line. */
  lineRefunded: (order: string): string => `This download link no longer works because its purchase was refunded. Please contact the shop, quoting ${order}, if you think this is a mistake.`,
  unknown: 'This download link is not known. Please check that the whole link was copied from your email, or contact the shop.',
  /** The file of the product is no longer in the shop (removed since the purchase). */
  fileGone: (order: string): string => `The file of this download is no longer available. Please contact the shop, quoting ${order}.`,
  /** The refusal page's way to reach the shop: its contact page. */
  contactShop: 'Contact the shop',
  backToShop: 'Back to the shop',
} as const);

// ------------------------------------------------------------------- the theme

/**
 * The shipped theme's own words (templates/), which its pages print from the context's
 * `themeWords` (`{themeWords.cartTitle}`); a developer's template folder keeps its own. A few
 * hold the link they lead to, as the sentence places it; the theme prints them as they are.
 */
export const THEME_WORDS = translated('THEME_WORDS', {
  skipToContent: 'Skip to content',
  search: 'Search',
  searchTheShop: 'Search the shop',
  cartTitle: 'Shopping Cart',
  checkoutTitle: 'Checkout',
  subscription: 'Subscription:',
  cartEmptyContinue: 'Your cart is empty. <a href="/shop">Continue shopping</a>',
  shop: 'Shop',
  reviews: 'Reviews',
  averageRatingBefore: 'Average rating',
  outOf5: 'out of 5',
  noReviews: 'No reviews yet.',
  sortBy: 'Sort by:',
  categories: 'Categories',
  tags: 'Tags',
  product: 'product',
  products: 'products',
  inCategory: 'in',
  tagged: 'tagged',
  nothingHereYet: 'Nothing here yet.',
  pages: 'Pages',
  pagesOfResults: 'Pages of results',
  previous: 'Previous',
  next: 'Next',
  page: 'Page',
  of: 'of',
  result: 'result',
  results: 'results',
  forQuery: 'for',
  searchEmpty: 'Try fewer or other words, or <a href="/shop">browse the shop</a>.',
  notFoundTitle: 'Page not found',
  notFoundText: 'We could not find that page. Try the <a href="/shop">shop</a> or <a href="/search">search</a>.',
  errorTitle: 'Something went wrong',
  errorTryAgain: 'Please try again in a moment.',
  backToPage: 'Back to the page',
  backToShop: 'Back to the shop',
  visitShop: 'Visit the shop',
  newInStudio: 'New in the studio',
  orderCancelled: 'Order cancelled',
  orderRefunded: 'Order refunded',
  thankYou: 'Thank you!',
  yourOrder: 'Your order',
  sentOnBefore: 'was sent on',
  cancelledOnBefore: 'was cancelled on',
  refundedOnBefore: 'was refunded on',
  sentOnAfter: '.',
  cancelledOnAfter: '.',
  refundedOnAfter: '.',
  isConfirmed: 'is confirmed.',
  testModeNote: '(Test mode: nothing was charged.)',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  trackParcel: 'Track your parcel',
  confirmationOnItsWay: 'A confirmation is on its way to',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  total: 'Total',
  paidByCard: 'Paid by card',
  refunded: 'Refunded',
  shippingTo: 'Shipping to',
  giftCardGoesTo: 'The gift card goes to',
  keepShopping: 'Keep shopping',
  giftCardIntro: 'A gift card is bought on its own: choose the amount, then check out. The checkout asks who it is for.',
  amount: 'Amount',
  amountColon: 'Amount:',
  continueToCheckout: 'Continue to checkout',
  signIn: 'Sign in',
  signInIntro: 'Members sign in here to read the lessons and pages kept for them.',
  email: 'Email',
  password: 'Password',
  keepSignedIn: 'Keep me signed in on this device',
  forgotPassword: 'Forgot your password?',
  forgotIntro: 'Enter the email you sign in with: we will send it a link to choose a new password.',
  sendLink: 'Send me a link',
  backToSignIn: 'Back to sign in',
  choosePassword: 'Choose a new password',
  askNewLink: 'Ask for a new link',
  passwordRuleBefore: 'At least',
  passwordRuleAfter: 'characters. Every device signed in to your account will be signed out.',
  newPassword: 'New password',
  setPassword: 'Set my new password',
  membersOnly: 'This lesson is for members of the studio.',
  alreadyMember: 'Already a member?',
  toReadIt: 'to read it.',
  lessons: 'Lessons',
  members: 'Members',
  newerLessons: 'Newer lessons',
  olderLessons: 'Older lessons',
  minutes: 'minutes',
} as const);

/**
 * The platform's `localizedStrings` in the current language: the engine's English ones
 * (server/theme/localized-strings.ts) for an English store, else these, which the commerce
 * formatters print (`{variantName}` and `{fromPrice}` are the engine's placeholders).
 */
export const PLATFORM_WORDS = translated('PLATFORM_WORDS', {
  fromPrice: 'from {fromPrice}',
  priceUnavailable: 'Unavailable',
  giftCardValue: 'Value',
  formAnswerEmpty: 'N/A',
  /**
   * The parts of a subscription's price wording ("{price} every 2 weeks for 1 year"), from which
   * server/theme/localized-strings.ts writes the platform's productPrice__… keys in the store's
   * language; an English store keeps the engine's own wording.
   */
  subscriptionEveryWeek: 'every week',
  subscriptionEveryMonth: 'every month',
  subscriptionEveryYear: 'every year',
  subscriptionEveryNWeeks: 'every {billingPeriodValue} weeks',
  subscriptionEveryNMonths: 'every {billingPeriodValue} months',
  subscriptionEveryNYears: 'every {billingPeriodValue} years',
  subscriptionFor1Week: 'for {duration} week',
  subscriptionFor1Month: 'for {duration} month',
  subscriptionFor1Year: 'for {duration} year',
  subscriptionForNWeeks: 'for {duration} weeks',
  subscriptionForNMonths: 'for {duration} months',
  subscriptionForNYears: 'for {duration} years',
} as const);

/** The titles (and the footer's newsletter words) of the store's pages, which server/messages.ts reads. */
export const PAGE_WORDS = translated('PAGE_WORDS', {
  pageNotFoundTitle: 'Page not found',
  errorPageTitle: 'Something went wrong',
  accessDeniedTitle: 'This content is for members',
  newsletterTitle: 'Letters from the studio',
  newsletterDescription: 'New pieces and workshop dates, once a month.',
  searchTitle: 'Search',
  cartTitle: 'Shopping Cart',
  checkoutTitle: 'Checkout',
  orderConfirmedTitle: 'Order confirmed',
  subscriptionConfirmedTitle: 'Subscription confirmed',
  giftCardTitle: 'Gift Card',
  mailingListConfirmTitle: 'Your subscription',
} as const);

/** The shopper's order confirmation email (server/email/templates/order-confirmation.*), which prints them from `words`. */
export const EMAIL_WORDS = translated('EMAIL_WORDS', {
  /** The language the email's HTML declares. */
  htmlLang: 'en',
  orderSubject: 'Your order {orderNumber} from {siteTitle}',
  thankYou: 'Thank you for your order,',
  order: 'Order',
  from: 'from',
  isConfirmed: 'is confirmed.',
  testOrder: 'This was a test order: nothing was charged.',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  total: 'Total',
  paidByCard: 'Paid by card',
  shippingTo: 'Shipping to',
  giftCardGoesTo: 'The gift card goes to',
  viewOrder: 'View your order',
} as const);

/**
 * The notes the server writes into the shopper's pages (server/messages.ts reads them): the
 * members' sign-in and password pages, search, the shop's filters and sort, the checkout and the
 * order's page, the mailing list's confirmation. `{name}` marks what the server fills in.
 */
export const PAGE_NOTES = translated('PAGE_NOTES', {
  memberSignInTitle: 'Sign in',
  memberSignInIncomplete: 'Please enter your email and password.',
  /** The sign-in call's refusals, which the members' sign-in page shows on its form. */
  invalidCredentials: 'The email or password is incorrect.',
  tooManySignInAttempts: 'Too many sign-in attempts. Please try again in a few minutes.',
  memberPasswordChanged: 'Your new password is set. Sign in with it.',
  memberForgotPasswordTitle: 'Forgot your password?',
  memberForgotPasswordNotAnEmail: 'Please enter the email you sign in with.',
  memberResetLinkSent: 'If an account signs in with that email, a link to choose a new password is on its way to it. The link works once, for an hour.',
  memberResetNeedsContact: 'This shop cannot send emails, so it cannot send you a link to choose a new password. Please contact the shop to get back into your account.',
  memberResetContactLink: 'Contact the shop',
  memberResetPasswordTitle: 'Choose a new password',
  memberResetLinkInvalid: 'This link has expired or has been used already. Ask for a new one.',
  memberResetLinkReplaced: 'A newer link has been sent since this one, which no longer works: use the link in the latest email, or ask for a new one.',
  formExpired: 'This form was open for too long to be sent safely, so nothing was done. Go back to the page and send it again. If this keeps happening, allow cookies for this site.',
  searchQueryCut: 'Only the first {max} characters were searched.',
  searchCloseMatch: 'Nothing matches “{query}”. Showing {results} for “{closeMatch}”.',
  searchResultOne: '1 result',
  searchResultMany: '{count} results',
  checkoutNotPlaced: 'Your order was NOT placed: the checkout needs JavaScript. Please turn on JavaScript in your browser (or wait for the page to finish loading) and place your order again.',
  orderNoEmailNote: 'This store does not send confirmation emails: keep this page (bookmark or print it) as your record of the order. The email on your order is {email}.',
  orderEmailNotSentNote: 'We could not send a confirmation email to {email}: keep this page (bookmark or print it) as your record of the order.',
  giftCardNoEmailNote: 'The gift card is for {recipient}. This store does not send emails, so its code is not emailed: ask the shop for it to pass on.',
  giftCardNotEmailedNote: 'The gift card is for {recipient}. Its code was not emailed when this order was placed: ask the shop to send it.',
  shopBrowseInvalid: 'That filter, sort or page does not exist.',
  sortFeatured: 'Featured',
  sortNewest: 'Newest',
  sortPriceLowToHigh: 'Price, low to high',
  sortPriceHighToLow: 'Price, high to low',
  allProducts: 'All',
  shopUnknownCategory: 'This shop has no category “{name}”. Choose one of its categories above.',
  shopUnknownTag: 'No product in this shop is tagged “{name}”. Choose one of its tags above.',
  shopSeeAllProducts: 'See all products',
  mailingListConfirmed: 'Thank you: your subscription is confirmed.',
  mailingListBackToShop: 'Back to the shop',
  mailingListBackToSignUpPage: 'Back to the page you signed up on',
  mailingListLinkInvalid: 'This confirmation link is not valid or has expired. Please sign up again.',
} as const);

/** The built-in captcha's question and its refusals (server/security/captcha.ts), asked in the store's language. */
export const CAPTCHA_CHALLENGE = translated('CAPTCHA_CHALLENGE', {
  prompt: 'What is {left} plus {right}?',
  expired: 'The CAPTCHA challenge has expired. Please try a new one.',
  wrongAnswer: 'That answer is not correct. Please try again.',
  tooManyWrongAnswers: 'Too many wrong answers to this challenge. Please try a new one.',
} as const);

/**
 * The shopper's other emails (server/email/): what became of the order, a refund of part of it, a
 * gift card, a member's password link, a restock notice and the mailing list's confirmation. Their
 * templates print the words from `words`; a sentence with `{name}` is filled by the server, as text
 * and as HTML, where the English HTML wrote some values in bold. The order confirmation's words are
 * EMAIL_WORDS, which these emails share.
 */
export const SHOPPER_EMAILS = translated('SHOPPER_EMAILS', {
  shippedSubject: 'Your order {orderNumber} from {siteTitle} is on its way',
  cancelledSubject: 'Your order {orderNumber} from {siteTitle} has been cancelled',
  refundedSubject: 'Your order {orderNumber} from {siteTitle} has been refunded',
  partlyRefundedSubject: 'A refund of {amount} on your order {orderNumber} from {siteTitle}',
  giftCardSubject: '{customerName} sent you a {amount} gift card for {siteTitle}',
  passwordResetSubject: 'Choose a new password for {siteTitle}',
  restockSubject: '{productName} is back in stock',
  restockBody: 'Good news: {productName} ({variant}) is available again at {url}',
  mailingListSubject: 'Please confirm your subscription to {siteTitle}',
  mailingListBody: 'Someone, hopefully you, asked for news and updates from {siteTitle} at this address. To confirm, open this link within 7 days: {url}\n\nIf it was not you, ignore this message: nothing more will be sent.',
  shippedHeading: 'Your order is on its way',
  /** The text part's first line; the HTML part's says the same in other words. */
  shippedIntroText: 'Good news, {customerName}: your order {orderNumber} from {siteTitle} is on its way.',
  shippedIntroHtml: 'Good news, {customerName}: order {orderNumber} from {siteTitle} has been sent.',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  trackParcel: 'Track your parcel',
  notInParcel: 'Not in the parcel',
  apartDownload: 'a download, sent by email: its link is in your order confirmation',
  apartGiftCard: 'a gift card, emailed to its recipient',
  apartService: 'a service, nothing to send',
  cancelledHeading: 'Your order has been cancelled',
  cancelledIntroText: '{customerName}, your order {orderNumber} from {siteTitle} has been cancelled: it will not be sent.',
  cancelledIntroHtml: '{customerName}, order {orderNumber} from {siteTitle} has been cancelled: it will not be sent.',
  refundedHeading: 'Your order has been refunded',
  refundedIntroText: '{customerName}, your order {orderNumber} from {siteTitle} has been refunded.',
  refundedIntroHtml: '{customerName}, order {orderNumber} from {siteTitle} has been refunded.',
  refunded: 'Refunded:',
  refundedNotSent: 'The order had not been sent yet, so it will not be sent now.',
  partlyRefundedHeading: 'Part of your order has been refunded',
  partlyRefundedIntroText: '{customerName}, {siteTitle} has refunded {amount} of your order {orderNumber}.',
  partlyRefundedIntroHtml: '{customerName}, {siteTitle} has refunded {amount} of order {orderNumber}.',
  partlyRefundedFor: 'For:',
  refundedInFull: 'Your order is now refunded in full.',
  toCardEnding: '{amount} goes back to your card ending {last4}.',
  toCardPaidWith: '{amount} goes back to the card you paid with.',
  bankDelay: 'Your bank may take a few days to show it on your statement.',
  backOnGiftCardEnding: '{amount} is back on your gift card ending {last4}.',
  backOnGiftCard: '{amount} is back on your gift card.',
  giftCardStopped: 'The gift card it bought, ending {cards}, can no longer be used.',
  giftCardsStopped: 'The gift cards it bought, ending {cards}, can no longer be used.',
  testNothingBack: 'This was a test order: nothing was charged, so nothing goes back to your card.',
  notExpected: 'If you did not expect this, reply to this email and we will sort it out.',
  giftCardHeading: 'A gift card for {siteTitle}',
  giftCardIntro: '{customerName} sent you a gift card for {siteTitle}, worth {amount}.',
  giftCardCodeIs: 'Your gift card code:',
  giftCardHowTo: 'Type it under "Gift card code" at the checkout: what it pays is taken from the card, and what is left stays on it for another order.',
  visitShop: 'Visit the shop',
  passwordHeading: 'Choose a new password',
  passwordAsked: 'Someone asked to choose a new password for {email} at {siteTitle}.',
  passwordChooseText: 'Choose your new password here (the link works once, for {minutes} minutes):',
  /** The HTML part's link text, and what follows it. */
  passwordChooseLink: 'Choose your new password',
  passwordLinkTerms: '(the link works once, for {minutes} minutes).',
  passwordNotYou: 'If it was not you, do nothing: your password stays as it is.',
} as const);

/**
 * The order's invoice (server/admin/invoice-page.ts, templates invoice.html.tmpl), which the owner
 * prints or saves for the customer, so written in the store's language. Its template prints them
 * from `words`; the server fills the sentences. Words the order's email has already (item,
 * quantity, subtotal, shipping, total: EMAIL_WORDS) and the discount's row (CHECKOUT.discountLine)
 * are theirs; the tax is named as the order's rows name it (CART.tax, or the shop's own name such as VAT).
 */
export const INVOICE = translated('INVOICE', {
  /** The language the page's HTML declares. */
  htmlLang: 'en',
  title: 'Invoice',
  seller: 'Seller',
  buyer: 'Bill to',
  vatNumber: 'VAT number',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  /** The date of supply, as an EU invoice must give it: the day the order was placed. */
  supplyIsInvoiceDate: 'Date of supply: the invoice date',
  unitPrice: 'Unit price',
  taxRate: 'Tax rate',
  amount: 'Amount',
  netAmount: 'Net amount',
  /** The tax of one rate and the net amount it is charged on: 'VAT 19% on €84.03'. */
  taxOn: (tax: string, base: string): string => `${tax} on ${base}`,
  /** What of the net amount bears no tax: gift cards sold (taxed when spent), shipping where the tax is the goods' alone. */
  notTaxed: 'Not taxed',
  pricesIncludeTax: (tax: string): string => `Prices include ${tax}.`,
  pricesExcludeTax: (tax: string): string => `Prices exclude ${tax}, which is added to the net amount.`,
  refundsHeading: 'Refunds',
  refundsNote: 'This invoice shows the order as it was placed. Refunded since:',
  refundOn: (amount: string, date: string): string => `${amount} on ${date}`,
  cancelledOn: (date: string): string => `This order was cancelled on ${date}.`,
} as const);
