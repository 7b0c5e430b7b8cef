/**
 * Money display shared by server and islands: amounts are stored in cents
 * (minor units). The store's format is a MoneyFormat the server derives from
 * the engine's CLDR money formatter for the store's currency and locale
 * (server/commerce/money-format.ts) and hands to every island, so a price an
 * island writes in the browser is byte for byte the one the server's pages
 * write, in the locale's own digits too. Without one (an island rendered
 * alone), a built-in US-style rule is used: comma thousands, a decimal point.
 * Either way a currency's fraction digits are ISO 4217's, from the one table
 * the engine and server read too.
 */
import { fractionDigitsOf } from '../../engine/plugins/commerce/currency-digits.ts';

export const DEFAULT_CURRENCY = 'USD';
const MAX_INTEGER_PLACES = 15;

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$', EUR: '€', GBP: '£', JPY: '¥', AUD: 'A$', CAD: 'CA$', NZD: 'NZ$', HKD: 'HK$',
  MXN: 'MX$', SGD: 'S$', CHF: 'CHF ', SEK: 'kr ', NOK: 'kr ', DKK: 'kr ', CZK: 'Kč ',
  ILS: '₪', PHP: '₱', RUB: '₽', PLN: 'zł ', THB: '฿', MYR: 'RM', ARS: 'ARS ', BRL: 'R$',
  COP: 'COP ', IDR: 'Rp', INR: '₹', ZAR: 'R',
};

/** Fraction digits of a currency: 0 for JPY, 3 for KWD, 2 for USD. */
export function fractionDigits(currency: string): number {
  return fractionDigitsOf(currency);
}

/** Cents (minor units) to the decimal amount: divided by 10^fraction digits. */
export function centsToAmount(cents: number, currency: string): number {
  return cents / 10 ** fractionDigits(currency);
}

/** A decimal amount to cents (minor units), rounded to the nearest unit. */
export function amountToCents(amount: number, currency: string): number {
  return Math.round(amount * 10 ** fractionDigits(currency));
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The number without symbol: '1,234.50' (USD), '1,235' (JPY) or '1.235' (KWD). */
export function formatAmount(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const digits = fractionDigits(currency);
  const negative = cents < 0;
  const minor = Math.round(Math.abs(cents));
  const divisor = 10 ** digits;
  let integerPart = String(Math.floor(minor / divisor));
  if (integerPart.length > MAX_INTEGER_PLACES) integerPart = integerPart.slice(-MAX_INTEGER_PLACES);
  const fraction = digits > 0 ? '.' + String(minor % divisor).padStart(digits, '0') : '';
  return `${negative ? '-' : ''}${groupThousands(integerPart)}${fraction}`;
}

/**
 * How one store writes money: the signs, symbol and spacing around the digits
 * (positive and negative separately, as CLDR patterns differ), separators and
 * digit grouping. Plain data, so it travels in island props.
 */
export interface MoneyFormat {
  currency: string;
  fractionDigits: number;
  positive: { prefix: string; suffix: string };
  negative: { prefix: string; suffix: string };
  decimal: string;
  group: string;
  /** Digits in the group nearest the decimal point (3). */
  primaryGroup: number;
  /** Digits in every further group (3, or 2 in Indian grouping). */
  secondaryGroup: number;
  /** Integer digits beyond the first group needed before grouping starts (1; 2 in Spanish: 1234 but 12.345). */
  minimumGroupingDigits: number;
  /** The locale's digits zero to nine ('0123456789'; '٠١٢٣٤٥٦٧٨٩' in ar-EG); Latin when absent. */
  digits?: string;
}

const LATIN_DIGITS = '0123456789';

/** Latin digits written in the format's own: ten characters of data, so no CLDR in the browser. */
function inLocaleDigits(latin: string, format: MoneyFormat): string {
  if (format.digits === undefined || format.digits === LATIN_DIGITS) return latin;
  const digits = Array.from(format.digits);
  if (digits.length !== 10) return latin;
  return latin.replace(/[0-9]/g, (digit) => digits[Number(digit)]!);
}

function groupDigits(digits: string, format: MoneyFormat): string {
  if (format.primaryGroup <= 0 || digits.length < format.primaryGroup + format.minimumGroupingDigits) return digits;
  const groups = [digits.slice(-format.primaryGroup)];
  let rest = digits.slice(0, -format.primaryGroup);
  const size = format.secondaryGroup > 0 ? format.secondaryGroup : format.primaryGroup;
  while (rest.length > size) {
    groups.unshift(rest.slice(-size));
    rest = rest.slice(0, -size);
  }
  if (rest !== '') groups.unshift(rest);
  return groups.join(format.group);
}

/** Whole minor units written in a store's format: formatMoneyWith(123450, usdInEnUs) is '$1,234.50'. */
export function formatMoneyWith(cents: number, format: MoneyFormat): string {
  const minor = Math.round(Math.abs(cents));
  const divisor = 10 ** format.fractionDigits;
  const integer = groupDigits(String(Math.floor(minor / divisor)), format);
  const fraction = format.fractionDigits > 0 ? format.decimal + String(minor % divisor).padStart(format.fractionDigits, '0') : '';
  const sign = cents < 0 && minor !== 0 ? format.negative : format.positive;
  return `${sign.prefix}${inLocaleDigits(integer + fraction, format)}${sign.suffix}`;
}

/**
 * Cents and currency to display text: in the store's format when one is given
 * for this currency, otherwise '$1,234.50', '¥1,235'.
 */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY, format?: MoneyFormat | null): string {
  const code = currency.toUpperCase();
  if (format && format.currency === code) return formatMoneyWith(cents, format);
  const symbol = CURRENCY_SYMBOLS[code] ?? `${code} `;
  const amount = formatAmount(cents, code);
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

/** A platform money object: {value, currency} or {decimalValue, currencyCode}. */
export interface MoneyValue {
  value?: string | number;
  decimalValue?: string | number;
  currency?: string;
  currencyCode?: string;
}

/** Reads a platform money object into cents and currency. */
export function moneyToCents(money: MoneyValue | null | undefined): { cents: number; currency: string } {
  const currency = (money?.currency ?? money?.currencyCode ?? DEFAULT_CURRENCY).toUpperCase();
  const raw = money?.value ?? money?.decimalValue ?? 0;
  const amount = typeof raw === 'number' ? raw : Number.parseFloat(raw);
  return { cents: Number.isFinite(amount) ? amountToCents(amount, currency) : 0, currency };
}
