/**
 * Money values and their legacy (non-CLDR) display.
 *
 * A money value is `{ value, currency }` or `{ decimalValue, currencyCode }`
 * with the amount in major units as decimal text. Stored totals (cart
 * subtotals, order totals) are integer cents: minor units, divided by
 * 10^fraction-digits of the currency (ISO 4217's, from currency-digits.ts:
 * 0 for JPY, 3 for KWD, 2 for USD). The default currency is USD.
 */
import { DEFAULT_CURRENCY, fractionDigitsOf } from '../enums.ts';
import { asString, getChild, numberOf } from '../../runtime/values.ts';
import { Decimal, decimalOfNumber, formatFixed, parseDecimal } from './decimal-format.ts';

/** Integer places shown at most; beyond that only the least significant digits remain. */
export const MAX_MONEY_INTEGER_DIGITS = 15;

/** The money value used when a product has no price of its own. */
export const DEFAULT_MONEY: Readonly<{ value: string; currency: string }> = Object.freeze({
  value: '0',
  currency: DEFAULT_CURRENCY,
});

const ZERO = new Decimal(0);

/** Text of the first present field among `keys`, trimmed; '' when none. */
function firstText(money: unknown, keys: readonly string[]): string {
  for (const key of keys) {
    const field = getChild(money, key);
    if (field !== undefined && field !== null) return asString(field).trim();
  }
  return '';
}

const AMOUNT_FIELDS = ['value', 'decimalValue'] as const;
const CURRENCY_FIELDS = ['currency', 'currencyCode'] as const;

/** Amount of a money value in major units; missing or unreadable amounts are 0. */
export function moneyAmountOf(money: unknown): Decimal {
  const text = firstText(money, AMOUNT_FIELDS);
  return (text === '' ? undefined : parseDecimal(text)) ?? ZERO;
}

/**
 * Orders two amounts. Equal amount texts share one parsed decimal, and
 * Decimal.compare copies both sides to strip trailing zeros, so the common
 * case of variants with the same price is answered without it.
 */
export function compareAmounts(a: Decimal, b: Decimal): number {
  return a === b && a.isFinite() ? 0 : a.compare(b);
}

/** Currency code of a money value; USD when it has none. */
export function moneyCurrencyOf(money: unknown): string {
  const code = firstText(money, CURRENCY_FIELDS);
  return code === '' ? DEFAULT_CURRENCY : code;
}

/** A money value's amount in legacy cents (the amount with the point moved two places right). */
export function legacyCentsOf(money: unknown): Decimal {
  return moneyAmountOf(money).movePoint(2);
}

function toDecimal(amount: Decimal | number | string): Decimal {
  if (amount instanceof Decimal) return amount;
  if (typeof amount === 'number') return decimalOfNumber(amount);
  return parseDecimal(amount) ?? ZERO;
}

/** Formats an amount in major units with the currency's fraction digits: "1,234.50", "1,235" for JPY. */
export function formatMoneyAmount(amount: Decimal | number | string, currency: string = DEFAULT_CURRENCY): string {
  const digits = fractionDigitsOf(currency);
  return formatFixed(toDecimal(amount), {
    minFractionDigits: digits,
    maxFractionDigits: digits,
    maxIntegerDigits: MAX_MONEY_INTEGER_DIGITS,
  });
}

/** Formats an amount in minor units (cents): 12345 USD gives "123.45", 12345 JPY gives "12,345". */
export function formatMoneyCents(cents: Decimal | number | string, currency: string = DEFAULT_CURRENCY): string {
  return formatMoneyAmount(toDecimal(cents).movePoint(-fractionDigitsOf(currency)), currency);
}

/**
 * The cents a template value stands for: a finite number (a double written
 * 1.0 included) or numeric text; undefined for anything else, which the
 * legacy cents formatters print as nothing.
 */
export function centsOfValue(value: unknown): Decimal | undefined {
  const number = numberOf(value);
  if (number !== undefined) return Number.isFinite(number) ? decimalOfNumber(number) : undefined;
  return typeof value === 'string' ? parseDecimal(value) : undefined;
}

/** The legacy money markup: cents shown in dollars-and-cents form inside the native-money span. */
export function legacyMoneyHtml(cents: Decimal | number | string): string {
  return `<span class="sqs-money-native">${formatMoneyCents(cents, DEFAULT_CURRENCY)}</span>`;
}

/**
 * The legacy money markup of a money value. It depends on the amount text
 * alone, and pages show the same few prices again and again (every product
 * card, every render), so the markup is kept per amount text in a bounded cache.
 */
const legacyHtmlByAmount = new Map<string, string>();
const LEGACY_HTML_CACHE_LIMIT = 2000;
/** Amount texts are short; the markup of a longer one (data can hold anything) is not kept. */
const MAX_CACHED_AMOUNT_LENGTH = 64;

export function legacyPriceHtml(money: unknown): string {
  const text = firstText(money, AMOUNT_FIELDS);
  if (text.length > MAX_CACHED_AMOUNT_LENGTH) return legacyMoneyHtml(legacyCentsOf(money));
  let html = legacyHtmlByAmount.get(text);
  if (html === undefined) {
    if (legacyHtmlByAmount.size >= LEGACY_HTML_CACHE_LIMIT) legacyHtmlByAmount.clear();
    html = legacyMoneyHtml(legacyCentsOf(money));
    legacyHtmlByAmount.set(text, html);
  }
  return html;
}

/** Bookkeeper display of cents: US dollars with the symbol, minus before it ("-$1,234.50"). */
export function formatBookkeeperMoney(cents: number): string {
  if (Number.isNaN(cents)) return '$NaN';
  if (!Number.isFinite(cents)) return cents < 0 ? '-$∞' : '$∞';
  const text = formatFixed(decimalOfNumber(cents / 100), { minFractionDigits: 2, maxFractionDigits: 2 });
  return text.startsWith('-') ? '-$' + text.slice(1) : '$' + text;
}
