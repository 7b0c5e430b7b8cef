/**
 * The checkout calls' input as zod schemas, for the server: the shape and types here, the field
 * rules from checkout-rules.ts (the same functions the checkout island runs before sending), so
 * the answer names the same fields with the same catalogue texts. Never a field path.
 */
import { z } from 'zod';
import { checkoutFieldErrors, normalisedCheckoutFields, type CheckoutFields, type CountryNames } from './checkout-rules.ts';
import { CHECKOUT } from './messages.ts';

export { SHIPPING_COUNTRIES, parseExpiry } from './checkout-rules.ts';

/** A text field: anything not a string reads as empty, so its rule answers with its own message. */
const field = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string().max(1000, { error: () => CHECKOUT.fieldTooLong(1000) }));

const fieldsShape = {
  email: field, name: field, line1: field, line2: field, city: field, region: field, postalCode: field, countryCode: field,
  shippingOptionId: field, recipientEmail: field, cardNumber: field, cardExpiry: field, cardCvc: field, giftCardCode: field,
  discountCode: field,
} satisfies Record<keyof CheckoutFields, unknown>;

/** A cart's token as the server makes them (base64url); anything else finds no cart. */
const cartTokenField = z.string({ error: () => CHECKOUT.attemptInvalid }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: () => CHECKOUT.attemptInvalid }).optional();

/**
 * What the island sends to place the order; `countries` is the checkout's country list (its names
 * for a postal code's problem), and `now` lets a test fix the month an expiry is compared with.
 */
export function placeOrderSchema(countries: CountryNames = [], now: () => Date = () => new Date()) {
  return z.object({
    ...fieldsShape,
    /** One per checkout attempt: a repeated submit with the same key answers with the same order. */
    idempotencyKey: z.string({ error: () => CHECKOUT.attemptInvalid }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: () => CHECKOUT.attemptInvalid }),
    /** The total the shopper was shown; the server refuses when its own differs. */
    expectedTotalCents: z.number({ error: () => CHECKOUT.attemptInvalid }).int({ error: () => CHECKOUT.attemptInvalid }).min(0, { error: () => CHECKOUT.attemptInvalid }),
    /**
     * What the shopper was shown to pay after the gift card (the total without one); the server
     * refuses when its own differs, as when another order spent the card meanwhile.
     */
    expectedAmountDueCents: z.number({ error: () => CHECKOUT.attemptInvalid }).int({ error: () => CHECKOUT.attemptInvalid }).min(0, { error: () => CHECKOUT.attemptInvalid }).optional(),
    /** A subscription's or gift card's own cart (its token); absent for the visitor's cart. */
    cartToken: cartTokenField,
  }).superRefine((input, ctx) => {
    for (const [name, message] of Object.entries(checkoutFieldErrors(input, now(), countries))) {
      ctx.addIssue({ code: 'custom', path: [name], message });
    }
  }).transform((input) => ({ ...input, ...normalisedCheckoutFields(input) }));
}

export type PlaceOrderInput = z.infer<ReturnType<typeof placeOrderSchema>>;

/** What the island sends for a fresh quote. */
export const quoteRequestSchema = z.object({
  shippingOptionId: z.string().max(40).optional(),
  /** The country chosen (ISO code): only the rates that ship there are offered; absent: every rate. */
  countryCode: z.string().regex(/^[A-Z]{2}$/).optional(),
  /** A gift card to apply, as typed (the answer says why one is not applied). */
  giftCardCode: z.string().max(40).optional(),
  /** A discount code to apply, as typed (the answer says why one is not applied). */
  discountCode: z.string().max(40).optional(),
  cartToken: cartTokenField,
});

/** Field name → first message, for errors shown next to their fields. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}
