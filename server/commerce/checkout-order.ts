import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { taxRateTenths } from '../../client/lib/tax-rate.ts';
import { parseExpiry, type PlaceOrderInput } from '../../client/lib/checkout-schema.ts';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { CartRepository, newRecordId } from '../db/cart-repository.ts';
import { CheckoutOrderRepository, type OrderCustomer } from '../db/checkout-order-repository.ts';
import { DiscountCodeRepository } from '../db/discount-code-repository.ts';
import { OrderRepository, type OrderRecord } from '../db/order-repository.ts';
import type { SiteRepository } from '../db/site-repository.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { GiftCardRepository, type GiftCardRecord } from '../db/gift-card-repository.ts';
import { nextOrderNumber } from '../db/order-number.ts';
import { isUniqueViolation, type Store, type StoreSession } from '../db/store.ts';
import { orderConfirmationEmail, type OrderEmailInput } from '../email/order-confirmation-email.ts';
import { newOrderEmail } from '../email/new-order-email.ts';
import { giftCardEmail } from '../email/gift-card-email.ts';
import type { Mailer } from '../email/mailer.ts';
import type { BackgroundWork } from '../background-work.ts';
import { serverMessages } from '../messages.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { hasGiftCard, readCheckoutLines, type CheckoutLine } from './checkout-lines.ts';
import { readCheckoutSettings, type CheckoutQuote, type ShippingChoice } from './checkout-quote.ts';
import { quoteWithDiscount } from './discount-code-use.ts';
import { withGiftCard } from './gift-card-payment.ts';
import { fellToLowStock } from './low-stock.ts';
import { PRODUCT_TYPE } from './pricing.ts';
import { downloadLink, downloadSecret, downloadTimeZone, grantDownloads } from './download-grants.ts';
import { takeFromStock } from './place-order.ts';
import { stockShortfalls, type StockShortfall } from './stock-shortfall.ts';
import { postalAddressLines, type PostalAddress } from './postal-address-lines.ts';

export interface CheckoutServices {
  store: Store;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  /** Where the order's emails are sent from once it has answered, so closing the app waits for them. */
  background: BackgroundWork;
}

/** The cart being bought: the visitor's cart, or a subscription's or gift card's own cart. */
export interface CheckoutCart {
  id: string;
  kind: string;
  /** The discount code the cart keeps from its last quote (cart-repository.ts); a reload applies it again. */
  discountCode?: string | null;
}

export type PlaceOrderOutcome =
  | { kind: 'placed'; orderId: string; viewToken: string; orderNumber: number }
  /** Field name → message, shown next to the fields. */
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  /** The card was declined or needs another try: no order, the attempt may be repeated. */
  | { kind: 'payment'; status: 402; message: string }
  /** What the shopper saw is no longer the total: the fresh quote to show. */
  | { kind: 'total-changed'; status: 409; message: string; quote: CheckoutQuote }
  /** Stock ran out since the cart was filled: the lines to change, named in the message too. */
  | { kind: 'short-of-stock'; status: 409; message: string; shortLines: StockShortfall[] }
  | { kind: 'refused'; status: 400 | 409; message: string };

/** The order could not be written (the cart was bought or emptied meanwhile); the payment is given back. */
class OrderRefused extends Error {
  constructor(readonly status: 400 | 409, message: string) {
    super(message);
  }
}

class TotalChanged extends Error {
  constructor(readonly quote: CheckoutQuote) {
    super(CHECKOUT.totalChanged);
  }
}

/** Too few left of a line when the order took its stock; the payment is given back. */
class ShortOfStock extends Error {
  constructor(readonly shortLines: StockShortfall[]) {
    super(CHECKOUT.notEnoughLeft(shortLines));
  }
}

/**
 * The key a charge is given back under: the charge's own, so the same attempt sent twice at once
 * (both charged under its key, which the provider answers with one charge) gives the money back once.
 */
export function chargeGiveBackKey(reference: string): string {
  return `checkout-refund-${reference}`;
}

/**
 * Gives back the charge of an order that could not be written. A provider that refuses leaves
 * the shopper charged with no order: logged, for the owner to give it back in the provider's dashboard.
 */
async function giveChargeBack(services: CheckoutServices, reference: string, amountCents: number): Promise<void> {
  const result = await services.payments.refund(reference, { amountCents, idempotencyKey: chargeGiveBackKey(reference) });
  if (result.outcome !== 'refunded') {
    services.log.error({ reference, reason: result.reason ?? null }, 'the charge of an order that could not be written was refused its refund: give it back in the payment provider');
  }
}

function shortOfStockOutcome(shortLines: StockShortfall[]): PlaceOrderOutcome {
  return { kind: 'short-of-stock', status: 409, message: CHECKOUT.notEnoughLeft(shortLines), shortLines };
}

/** A country's name in a locale ("United States" for US in en-US); the code when Intl has none. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address as lines, as its country's post writes them (postal-address-lines.ts), then the country's name in `locale`. */
export function addressLines(address: PostalAddress, locale = 'en-US'): string[] {
  return [...postalAddressLines(address), ...(address.countryCode ? [countryName(address.countryCode, locale)] : [])];
}

export function billingIntervalOf(line: CheckoutLine): string {
  return line.billingPeriod ? CHECKOUT.billingInterval(line.billingPeriod.value, line.billingPeriod.unit) : '';
}

/**
 * The fresh quote of a cart, with the discount of `discountCode` when it applies and the gift
 * card of `giftCardCode` applied when it can pay (the card pays the discounted total): every
 * step of the checkout asks for one, nothing comes from the browser. `customerEmail` is the
 * order's once it is placed, for a once-per-customer code.
 */
export async function quoteCart(
  session: StoreSession,
  cart: CheckoutCart,
  shipping: ShippingChoice = {},
  giftCardCode?: string,
  discountCode?: string,
  customerEmail = '',
  site?: SiteRepository,
): Promise<CheckoutQuote> {
  const [lines, settings] = await Promise.all([readCheckoutLines(session, cart.id, cart.kind), readCheckoutSettings(session, site)]);
  return withGiftCard(session, await quoteWithDiscount(session, lines, settings, shipping, discountCode, Date.now(), false, customerEmail), giftCardCode);
}

/** The order's shipping choice and the country of its address (the rates that ship there are its options). */
function shippingChoiceOf(input: PlaceOrderInput): ShippingChoice {
  return { optionId: input.shippingOptionId, countryCode: input.countryCode };
}

/** The payment reference of an order the gift card paid whole: no payment card was charged. */
export const GIFT_CARD_PAYMENT_REFERENCE = 'gift-card';

/** The payment reference of an order that left nothing to pay without a gift card (a 100% discount). */
export const NOTHING_CHARGED_PAYMENT_REFERENCE = 'nothing-to-pay';

/**
 * The card fields left empty while the payment card still has something to pay (the schema lets
 * them be empty when a gift card code is given, as only the server knows its balance).
 */
function cardNeededFor(quote: CheckoutQuote, input: PlaceOrderInput): Record<string, string> {
  if (quote.amountDueCents === 0) return {};
  const errors: Record<string, string> = {};
  if (input.cardNumber === '') errors.cardNumber = CHECKOUT.cardNumberInvalid;
  if (input.cardExpiry === '') errors.cardExpiry = CHECKOUT.cardExpiryInvalid;
  if (input.cardCvc === '') errors.cardCvc = CHECKOUT.cardCvcInvalid;
  return errors;
}

/** What the shopper was shown: the total, and what the payment card pays of it. */
interface ExpectedAmounts {
  totalCents: number;
  amountDueCents: number;
}

/** The answer to an attempt whose order is already written (by this request's twin, or an earlier submit). */
function placedAs(order: { id: string; viewToken: string; orderNumber: number }): PlaceOrderOutcome {
  return { kind: 'placed', orderId: order.id, viewToken: order.viewToken, orderNumber: order.orderNumber };
}

async function cartIsOpen(session: StoreSession, cartId: string): Promise<boolean> {
  const cart = await new CartRepository(session).findById(cartId);
  return cart !== undefined && !cart.isPurchased;
}

/**
 * Places an order from the checkout: the totals are computed again here, the card is charged
 * through the payment provider, then one transaction takes the stock, takes the next order
 * number, writes the order with its customer details, marks the cart purchased and puts the
 * confirmation email in the outbox. A repeated submit of the same attempt (idempotency key)
 * answers with the order the first one made; a failed transaction gives the payment back.
 */
export async function placeCheckoutOrder(
  services: CheckoutServices,
  cart: CheckoutCart,
  input: PlaceOrderInput,
): Promise<PlaceOrderOutcome> {
  const { store, payments } = services;
  const orders = new CheckoutOrderRepository(store);
  const earlier = await orders.findByIdempotencyKey(input.idempotencyKey);
  if (earlier) return placedAs(earlier);
  if (!(await cartIsOpen(store, cart.id))) {
    // the same attempt sent twice at once: the other request may have bought the cart since the
    // look-up above, and this one answers with that order rather than "already purchased"
    const meanwhile = await orders.findByIdempotencyKey(input.idempotencyKey);
    if (meanwhile) return placedAs(meanwhile);
    return { kind: 'refused', status: 409, message: serverMessages.cartPurchased };
  }

  const quote = await quoteCart(store, cart, shippingChoiceOf(input), input.giftCardCode, input.discountCode, input.email);
  if (quote.lines.length === 0) return { kind: 'refused', status: 400, message: serverMessages.cartEmpty };
  // no rate ships to the country sent (whatever the browser showed): said under the country, in its name
  if (!quote.shipsToCountry) {
    const { locale } = await readCheckoutSettings(store);
    return { kind: 'invalid', fieldErrors: { countryCode: CHECKOUT.notShippingTo(countryName(input.countryCode, locale)) } };
  }
  if (quote.requiresShipping && quote.shippingOptions.length === 0) return { kind: 'refused', status: 409, message: CHECKOUT.noShippingOption };
  const fieldErrors: Record<string, string> = {};
  if (!quote.shippingChoiceValid) fieldErrors.shippingOptionId = CHECKOUT.shippingOptionRequired;
  if (hasGiftCard(quote.lines) && !input.recipientEmail) fieldErrors.recipientEmail = CHECKOUT.recipientEmailInvalid;
  if (quote.giftCardError !== null) fieldErrors.giftCardCode = quote.giftCardError;
  if (quote.discountError !== null) fieldErrors.discountCode = CHECKOUT.discountRefusedOnOrder(quote.discountError);
  Object.assign(fieldErrors, cardNeededFor(quote, input));
  if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
  if (quote.totalCents !== input.expectedTotalCents) return { kind: 'total-changed', status: 409, message: CHECKOUT.totalChanged, quote };
  // the card's balance changed since the shopper was shown what it pays (another order spent it)
  if (input.expectedAmountDueCents !== undefined && quote.amountDueCents !== input.expectedAmountDueCents) {
    return { kind: 'total-changed', status: 409, message: CHECKOUT.totalChanged, quote };
  }
  // lines whose stock is already short, before any money is asked for (the transaction checks again)
  const short = await stockShortfalls(store, quote.lines);
  if (short.length > 0) return shortOfStockOutcome(short);

  // the payment card pays what the gift card does not; a gift card paying all asks nothing of it
  let chargeReference: string | null = null;
  if (quote.amountDueCents > 0) {
    const expiry = parseExpiry(input.cardExpiry)!;
    const charge = await payments.charge({
      amountCents: quote.amountDueCents,
      currency: quote.currency,
      card: { number: input.cardNumber, expiryMonth: expiry.month, expiryYear: expiry.year, cvc: input.cardCvc },
      idempotencyKey: input.idempotencyKey,
      description: `Order of cart ${cart.id}`,
    });
    if (charge.outcome === 'declined') return { kind: 'payment', status: 402, message: CHECKOUT.paymentDeclined };
    if (charge.outcome === 'retry') return { kind: 'payment', status: 402, message: CHECKOUT.paymentRetry };
    chargeReference = charge.reference;
  }
  const expected: ExpectedAmounts = { totalCents: quote.totalCents, amountDueCents: quote.amountDueCents };

  try {
    const placed = await store.transaction(async (tx) => writeOrder(tx, services, cart, input, chargeReference ?? (quote.giftCard ? GIFT_CARD_PAYMENT_REFERENCE : NOTHING_CHARGED_PAYMENT_REFERENCE), expected));
    for (const email of placed.emails) services.background.start(() => services.mailer.deliver(store, email));
    return { kind: 'placed', orderId: placed.order.id, viewToken: placed.order.viewToken, orderNumber: placed.orderNumber };
  } catch (error) {
    // the same attempt arrived twice at once and the other request wrote the order: a charge the
    // provider answered both with (one reference, as the attempt's key asks of it) belongs to that
    // order and is kept; one under another reference (a provider that did not know the key, as the
    // test provider of another process does not) was a second charge, and goes back
    const other = await orders.findByIdempotencyKey(input.idempotencyKey);
    if (other) {
      if (chargeReference !== null && chargeReference !== other.paymentReference) await giveChargeBack(services, chargeReference, quote.amountDueCents);
      return placedAs(other);
    }
    if (chargeReference !== null) await giveChargeBack(services, chargeReference, quote.amountDueCents);
    if (isUniqueViolation(error)) return { kind: 'refused', status: 409, message: serverMessages.cartPurchased };
    if (error instanceof OrderRefused) return { kind: 'refused', status: error.status, message: error.message };
    if (error instanceof TotalChanged) return { kind: 'total-changed', status: 409, message: error.message, quote: error.quote };
    if (error instanceof ShortOfStock) return shortOfStockOutcome(error.shortLines);
    throw error;
  }
}

/**
 * The order's transaction: the cart locked (a second checkout of it waits, then finds it bought),
 * the lines priced again and the gift card read again under its lock, stock taken by variant id
 * order, the order number taken, the order and its checkout columns written, the gift card's part
 * taken from it, the gift cards bought issued, the cart marked purchased and its emails (the
 * gift cards' own to their recipient) put in the outbox.
 */
async function writeOrder(
  tx: StoreSession,
  services: CheckoutServices,
  cart: CheckoutCart,
  input: PlaceOrderInput,
  paymentReference: string,
  expected: ExpectedAmounts,
) {
  const carts = new CartRepository(tx);
  const current = await carts.lock(cart.id);
  if (!current || current.isPurchased) throw new OrderRefused(409, serverMessages.cartPurchased);
  const settings = await readCheckoutSettings(tx);
  const now = Date.now();
  const lines = await readCheckoutLines(tx, cart.id, cart.kind, services.log);
  const priced = await quoteWithDiscount(tx, lines, settings, shippingChoiceOf(input), input.discountCode, now, true, input.email);
  const quote = await withGiftCard(tx, priced, input.giftCardCode, true);
  if (quote.lines.length === 0) throw new OrderRefused(400, serverMessages.cartEmpty);
  // another order spent or the owner cancelled the gift card, or the discount code ended or was
  // used up, since the charge: the fresh quote says so
  if (quote.totalCents !== expected.totalCents || quote.amountDueCents !== expected.amountDueCents) throw new TotalChanged(quote);
  // variants in one order (by id) whatever the cart's order, so two checkouts never wait on each other's rows
  const byVariant = [...quote.lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  // the variants this order brings down to the owner's running-low figure, for the owner's notice
  const runningLow: OrderEmailInput['runningLow'] = [];
  for (const line of byVariant) {
    if (!line.limitedStock) continue;
    const left = await takeFromStock(tx, line.variantId, line.quantity);
    // another order took the last ones since the check before the payment: name this line
    if (left === null) throw new ShortOfStock(await stockShortfalls(tx, [line]));
    if (fellToLowStock(left, line.quantity, settings.lowStockThreshold)) {
      runningLow.push({ productName: line.productName, variantLabel: line.variantLabel, sku: line.sku, left });
    }
  }
  const address = quote.requiresShipping
    ? { line1: input.line1, line2: input.line2, city: input.city, region: input.region, postalCode: input.postalCode, countryCode: input.countryCode }
    : null;
  const order: OrderRecord = {
    id: newRecordId(),
    purchasedCartId: cart.id,
    websiteId: settings.websiteId,
    testMode: services.payments.testMode,
    currency: quote.currency,
    subtotalCents: quote.subtotalCents,
    taxCents: quote.taxCents,
    taxIncluded: quote.taxIncluded,
    taxRateTenths: taxRateTenths(settings.taxRateBasisPoints),
    taxName: settings.taxName,
    shippingCents: quote.shippingCents,
    discountCents: quote.discountCents,
    grandTotalCents: quote.totalCents,
    viewToken: randomBytes(18).toString('base64url'),
    createdOn: now,
    items: quote.lines.map((line) => ({
      productId: line.productId, variantId: line.variantId, sku: line.sku, productName: line.productName,
      quantity: line.quantity, unitPriceCents: line.unitPriceCents, productType: line.productType,
    })),
  };
  const customer: OrderCustomer = {
    orderNumber: await nextOrderNumber(tx),
    email: input.email,
    name: input.name,
    shippingAddress: address,
    shippingOption: quote.selectedShippingOption,
    paymentProvider: services.payments.name,
    paymentReference,
    // which card a refund goes back to, for the shopper's notice; none when the card paid nothing
    cardLast4: expected.amountDueCents > 0 ? input.cardNumber.slice(-4) : '',
    idempotencyKey: input.idempotencyKey,
    recipientEmail: hasGiftCard(quote.lines) ? input.recipientEmail : '',
  };
  const itemIds: string[] = [];
  await new OrderRepository(tx).insert(order, () => {
    const id = newRecordId();
    itemIds.push(id);
    return id;
  });
  await new CheckoutOrderRepository(tx).attach(order.id, customer, quote.lines.map((line, index) => ({
    itemId: itemIds[index]!, variantLabel: line.variantLabel, billingInterval: billingIntervalOf(line), answers: line.answers,
  })));
  // a code that takes nothing off this order (free shipping with a free option) spends no use
  if (quote.discount && quote.discountCents > 0) {
    const discounts = new DiscountCodeRepository(tx);
    // the conditional update is the last word on the code's limits; the fresh quote says why it failed
    if (!(await discounts.takeUse(quote.discount.id, now))) {
      throw new TotalChanged(await withGiftCard(tx, await quoteWithDiscount(tx, lines, settings, shippingChoiceOf(input), input.discountCode, now, false, input.email), input.giftCardCode));
    }
    await discounts.recordUse(order.id, quote.discount, quote.discountCents, now);
  }
  const giftCards = new GiftCardRepository(tx);
  if (quote.giftCard && quote.giftCard.appliedCents > 0 && !(await giftCards.spend(quote.giftCard.id, order.id, quote.giftCard.appliedCents, order.createdOn))) {
    // the conditional update is the last word on the balance, whatever was read before it
    throw new TotalChanged(await withGiftCard(tx, priced, input.giftCardCode));
  }
  // one card per gift card bought, worth its price, for the recipient the checkout asked for
  const issued: GiftCardRecord[] = [];
  for (const line of quote.lines) {
    if (line.productType !== PRODUCT_TYPE.GIFT_CARD) continue;
    for (let unit = 0; unit < line.quantity; unit++) {
      issued.push(await giftCards.issue({ orderId: order.id, currency: order.currency, amountCents: line.unitPriceCents, recipientEmail: customer.recipientEmail }, order.createdOn));
    }
  }
  if (!(await carts.markPurchased(cart.id, order.id, order.createdOn))) throw new OrderRefused(409, serverMessages.cartPurchased);
  // each digital line whose product has a file gets its download link, which the confirmation email carries
  const grants = await grantDownloads(tx, order.id, order.items.map((item, index) => ({ itemId: itemIds[index]!, productId: item.productId, productType: item.productType, quantity: item.quantity })), now);
  const [downloadKey, downloadZone] = grants.size > 0 ? await Promise.all([downloadSecret(tx), downloadTimeZone(tx)]) : ['', ''];
  const orderForEmails: OrderEmailInput = {
    orderId: order.id,
    orderNumber: customer.orderNumber,
    siteTitle: settings.siteTitle,
    currency: order.currency,
    locale: settings.locale,
    testMode: order.testMode,
    customerName: customer.name,
    customerEmail: customer.email,
    recipientEmail: customer.recipientEmail,
    addressLines: address ? addressLines(address, settings.locale) : [],
    lines: quote.lines.map((line, index) => ({
      productName: line.productName, variantLabel: line.variantLabel, quantity: line.quantity,
      unitPriceCents: line.unitPriceCents, billingInterval: billingIntervalOf(line),
      // a digital product bought without a file: the owner sends it by hand
      fileMissing: line.productType === PRODUCT_TYPE.DIGITAL && !grants.has(itemIds[index]!),
      answers: line.answers,
    })),
    downloads: quote.lines.flatMap((line, index) => {
      const grant = grants.get(itemIds[index]!);
      return grant ? [downloadLink(downloadKey, grant, line.productName, settings.locale, downloadZone)] : [];
    }),
    subtotalCents: order.subtotalCents,
    shippingName: quote.selectedShippingOption?.name ?? null,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    taxIncluded: order.taxIncluded,
    taxName: settings.taxName,
    taxRateTenths: order.taxRateTenths,
    totalCents: order.grandTotalCents,
    giftCard: quote.giftCard && quote.giftCard.appliedCents > 0 ? { last4: quote.giftCard.last4, amountCents: quote.giftCard.appliedCents } : null,
    discount: quote.discount && quote.discountCents > 0
      ? { code: quote.discount.code, amountCents: quote.discountCents, freeShipping: quote.discount.kind === 'free-shipping' } : null,
    baseUrl: settings.baseUrl,
    confirmationPath: PAGE_PATHS.orderConfirmed(order.id, order.viewToken),
    shopAddress: settings.shopAddress,
    runningLow,
  };
  const outbox = new EmailOutboxRepository(tx);
  // the shopper's confirmation, and the owner's notice when the settings name an address for it
  const emails = [await outbox.add(orderConfirmationEmail(orderForEmails), order.createdOn)];
  if (settings.orderNotificationEmail !== '') emails.push(await outbox.add(newOrderEmail(orderForEmails, settings.orderNotificationEmail), order.createdOn));
  for (const card of issued) emails.push(await outbox.add(giftCardEmail(orderForEmails, card), order.createdOn));
  return { order, orderNumber: customer.orderNumber, emails };
}
