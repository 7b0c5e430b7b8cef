/**
 * Money display shared by server and islands: amounts are stored in cents
 * (minor units) and shown with a comma thousands separator and a decimal
 * point; JPY has no fraction digits, every other store currency two.
 */

export const DEFAULT_CURRENCY = 'USD';
const MAX_INTEGER_PLACES = 15;

const ZERO_FRACTION_CURRENCIES: ReadonlySet<string> = new Set(['JPY']);

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$', EUR: '€', GBP: '£', JPY: '¥', AUD: 'A$', CAD: 'CA$', NZD: 'NZ$', HKD: 'HK$',
  MXN: 'MX$', SGD: 'S$', CHF: 'CHF ', SEK: 'kr ', NOK: 'kr ', DKK: 'kr ', CZK: 'Kč ',
  ILS: '₪', PHP: '₱', RUB: '₽', PLN: 'zł ', THB: '฿', MYR: 'RM', ARS: 'ARS ', BRL: 'R$',
  COP: 'COP ', IDR: 'Rp', INR: '₹', ZAR: 'R',
};

/** Fraction digits of a currency: 0 for JPY, 2 for all others. */
export function fractionDigits(currency: string): number {
  return ZERO_FRACTION_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2;
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

/** The number without symbol: '1,234.50' (USD) or '1,235' (JPY). */
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

/** Cents and currency to display text: '$1,234.50', '¥1,235'. */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.toUpperCase();
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
