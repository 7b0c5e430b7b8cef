/**
 * The checkout's input, shared by the checkout island (checked before sending, errors shown next
 * to each field) and the server (checked again; the server's answer names the same fields).
 * Every error is a catalogue message: a shopper never sees a field path.
 */
import { z } from 'zod';
import { CHECKOUT } from './messages.ts';
import { shopperEmailSchema } from './validation.ts';

/** The countries the checkout ships to (ISO codes; names come from the browser's Intl). */
export const SHIPPING_COUNTRIES = ['US', 'CA', 'GB', 'IE', 'FR', 'DE', 'NL', 'DK', 'ES', 'PT', 'AU', 'NZ', 'JP'] as const;

const text = (max: number, required: string | null) => {
  const base = z.string({ error: required ?? CHECKOUT.fieldTooLong }).trim().max(max, { error: CHECKOUT.fieldTooLong });
  return required ? base.min(1, { error: required }) : base;
};

/** Digits of a card number typed with spaces or dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn check every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** MM/YY (or MM / YY, MM/YYYY) as month and four-digit year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The card fields; `now` lets a test fix the month an expiry is compared with. */
export function cardSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z.string({ error: CHECKOUT.cardNumberInvalid }).max(40, { error: CHECKOUT.cardNumberInvalid })
      .transform(cardDigits)
      .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), { error: CHECKOUT.cardNumberInvalid }),
    cardExpiry: z.string({ error: CHECKOUT.cardExpiryInvalid }).max(10, { error: CHECKOUT.cardExpiryInvalid })
      .superRefine((value, ctx) => {
        const expiry = parseExpiry(value);
        if (!expiry) {
          ctx.addIssue({ code: 'custom', message: CHECKOUT.cardExpiryInvalid });
          return;
        }
        const today = now();
        // a card is good through the last day of its expiry month
        if (expiry.year * 12 + expiry.month < today.getFullYear() * 12 + today.getMonth() + 1) {
          ctx.addIssue({ code: 'custom', message: CHECKOUT.cardExpired });
        }
      }),
    cardCvc: z.string({ error: CHECKOUT.cardCvcInvalid }).trim().regex(/^\d{3,4}$/, { error: CHECKOUT.cardCvcInvalid }),
  });
}

/** Who buys and where it goes. recipientEmail is asked for (and required) only for gift cards. */
export const checkoutDetailsSchema = z.object({
  email: shopperEmailSchema(CHECKOUT.emailInvalid),
  name: text(200, CHECKOUT.nameRequired),
  line1: text(200, CHECKOUT.line1Required),
  line2: text(200, null).default(''),
  city: text(100, CHECKOUT.cityRequired),
  region: text(100, null).default(''),
  postalCode: text(20, CHECKOUT.postalCodeRequired),
  countryCode: z.enum(SHIPPING_COUNTRIES, { error: CHECKOUT.countryRequired }),
  shippingOptionId: z.string({ error: CHECKOUT.shippingOptionRequired }).min(1, { error: CHECKOUT.shippingOptionRequired }).max(40),
  recipientEmail: z.union([z.literal(''), shopperEmailSchema(CHECKOUT.recipientEmailInvalid)]).default(''),
});

export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** What the island sends to place the order. */
export function placeOrderSchema(now?: () => Date) {
  return checkoutDetailsSchema.extend(cardSchema(now).shape).extend({
    /** One per checkout attempt: a repeated submit with the same key answers with the same order. */
    idempotencyKey: z.string({ error: CHECKOUT.attemptInvalid }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: CHECKOUT.attemptInvalid }),
    /** The total the shopper was shown; the server refuses when its own differs. */
    expectedTotalCents: z.number({ error: CHECKOUT.attemptInvalid }).int().min(0),
    /** A subscription's or gift card's own cart (its token); absent for the visitor's cart. */
    cartToken: z.string().min(1).max(128).optional(),
  });
}

export type PlaceOrderInput = z.infer<ReturnType<typeof placeOrderSchema>>;

/** What the island sends for a fresh quote. */
export const quoteRequestSchema = z.object({
  shippingOptionId: z.string().max(40).optional(),
  cartToken: z.string().min(1).max(128).optional(),
});

/** Field name → first message, for errors shown next to their fields. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
