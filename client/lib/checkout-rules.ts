/**
 * The checkout's field rules as plain functions (no zod, so the checkout island stays small):
 * the island checks the form with them before sending, and the server's schema
 * (checkout-schema.ts) applies the very same ones. Every message is a catalogue text.
 */
import { isDiscountCodeShape, normalisedDiscountCode } from './discount-code.ts';
import { CHECKOUT } from './messages.ts';
import { isGiftCardCodeShape, normalisedGiftCardCode } from './gift-card-code.ts';
import { postalCodeFits } from './postal-codes.ts';
import { isShopperEmail } from './rules.ts';
import { countryPostalCodes, isShippingCountry } from './shipping-countries.ts';

export { SHIPPING_COUNTRIES } from './shipping-countries.ts';
export { postalCodesAreDigits } from './postal-codes.ts';

/** The countries as the checkout's country list names them (in the store's language). */
export type CountryNames = ReadonlyArray<{ code: string; name: string }>;

/**
 * A postal code's problem for the country chosen (required, too long, or not of its shape, naming
 * the country as `countries` does); null when it fits. The checkout also asks it when the country
 * changes, so a code typed first is judged against the country now chosen. A country without
 * postal codes (Hong Kong) asks for none, and one whose code may be left out (Ireland's Eircode)
 * judges only one typed.
 */
export function postalCodeError(value: string, countryCode: string, countries: CountryNames): string | null {
  const rule = countryPostalCodes(countryCode);
  const required = rule?.use === 'none' || rule?.use === 'optional' ? null : CHECKOUT.postalCodeRequired;
  const problem = textError(value, 20, required);
  if (problem || value.trim() === '' || rule?.use === 'none') return problem;
  if (!rule || postalCodeFits(value, countryCode)) return null;
  // named as the country list shows it, so the shopper sees which country the example is for
  const country = countries.find((choice) => choice.code === countryCode)?.name ?? countryCode;
  return CHECKOUT.postalCodeInvalid(country, rule.example);
}

export interface CheckoutFields {
  email: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
  shippingOptionId: string;
  /** Only for gift cards; '' otherwise. */
  recipientEmail: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  /** A gift card to pay with (gift-card-code.ts); '' for none. */
  giftCardCode: string;
  /** A discount code (discount-code.ts); '' for none. */
  discountCode: string;
}

export type CheckoutFieldName = keyof CheckoutFields;

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

/** Month, then a slash, dash or space, then the year: 12/30, 5/31, 12 - 30, 12/2030. */
const EXPIRY_SEPARATED = /^(\d{1,2})\s*(?:[/-]|\s)\s*(\d{2}|\d{4})$/;
/** Digits alone, as a phone's numeric keypad (which has no slash) types them: 1230, 122030. */
const EXPIRY_DIGITS = /^(\d{2})(\d{2}|\d{4})$/;

/** An expiry as MM/YY, MM/YYYY, with a dash or space, or as digits alone: month and four-digit year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const text = expiry.trim();
  const match = EXPIRY_SEPARATED.exec(text) ?? EXPIRY_DIGITS.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** An email as stored: trimmed and lower-cased, so Jane@X.com and jane@x.com are one address. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

function textError(value: string, max: number, required: string | null): string | null {
  const text = value.trim();
  if (required && text === '') return required;
  return text.length > max ? CHECKOUT.fieldTooLong(max) : null;
}

function cardExpiryError(value: string, now: Date): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return CHECKOUT.cardExpiryInvalid;
  // a card is good through the last day of its expiry month
  return expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1 ? CHECKOUT.cardExpired : null;
}

/**
 * Field name → its first problem, in the order the form shows them; empty when all is well.
 * `countries`: the checkout's country list, whose names a postal code's problem gives (the code
 * where it has none).
 */
export function checkoutFieldErrors(fields: CheckoutFields, now: Date = new Date(), countries: CountryNames = []): Partial<Record<CheckoutFieldName, string>> {
  const digits = cardDigits(fields.cardNumber);
  const recipient = normalisedEmail(fields.recipientEmail);
  const giftCardCode = normalisedGiftCardCode(fields.giftCardCode);
  const discountCode = normalisedDiscountCode(fields.discountCode);
  // with a gift card or a discount code and no card typed, the code may pay for everything (a
  // card's balance, a 100% discount): the server, which knows, asks for the card when it does not
  // (cardNeededFor in checkout-order.ts)
  const cardLeftOut = (giftCardCode !== '' || discountCode !== '') && [fields.cardNumber, fields.cardExpiry, fields.cardCvc].every((value) => value.trim() === '');
  const checks: Array<[CheckoutFieldName, string | null]> = [
    ['email', isShopperEmail(normalisedEmail(fields.email)) ? null : CHECKOUT.emailInvalid],
    ['name', textError(fields.name, 200, CHECKOUT.nameRequired)],
    ['recipientEmail', recipient === '' || isShopperEmail(recipient) ? null : CHECKOUT.recipientEmailInvalid],
    ['line1', textError(fields.line1, 200, CHECKOUT.line1Required)],
    ['line2', textError(fields.line2, 200, null)],
    ['city', textError(fields.city, 100, CHECKOUT.cityRequired)],
    ['region', textError(fields.region, 100, null)],
    ['postalCode', postalCodeError(fields.postalCode, fields.countryCode, countries)],
    ['countryCode', isShippingCountry(fields.countryCode) ? null : CHECKOUT.countryRequired],
    ['shippingOptionId', fields.shippingOptionId !== '' && fields.shippingOptionId.length <= 40 ? null : CHECKOUT.shippingOptionRequired],
    ['cardNumber', cardLeftOut || (/^\d{12,19}$/.test(digits) && passesLuhn(digits)) ? null : CHECKOUT.cardNumberInvalid],
    ['cardExpiry', cardLeftOut ? null : cardExpiryError(fields.cardExpiry, now)],
    ['cardCvc', cardLeftOut || /^\d{3,4}$/.test(fields.cardCvc.trim()) ? null : CHECKOUT.cardCvcInvalid],
    ['giftCardCode', giftCardCode === '' || isGiftCardCodeShape(giftCardCode) ? null : CHECKOUT.giftCardCodeInvalid],
    ['discountCode', discountCode === '' || isDiscountCodeShape(discountCode) ? null : CHECKOUT.discountCodeInvalid],
  ];
  const errors: Partial<Record<CheckoutFieldName, string>> = {};
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}

/** Control characters (NUL and the like) that no name or address holds, and PostgreSQL's text refuses. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The fields as the order keeps them: control characters dropped, texts trimmed, emails normalised, the card number as digits. */
export function normalisedCheckoutFields(raw: CheckoutFields): CheckoutFields {
  const fields = Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name, String(value).replace(CONTROL_CHARACTERS, ' ')]),
  ) as unknown as CheckoutFields;
  return {
    name: fields.name.trim(), line1: fields.line1.trim(), line2: fields.line2.trim(), city: fields.city.trim(),
    region: fields.region.trim(), postalCode: fields.postalCode.trim(), countryCode: fields.countryCode,
    shippingOptionId: fields.shippingOptionId, cardExpiry: fields.cardExpiry.trim(), cardCvc: fields.cardCvc.trim(),
    email: normalisedEmail(fields.email),
    recipientEmail: normalisedEmail(fields.recipientEmail),
    cardNumber: cardDigits(fields.cardNumber),
    giftCardCode: normalisedGiftCardCode(fields.giftCardCode),
    discountCode: normalisedDiscountCode(fields.discountCode),
  };
}
