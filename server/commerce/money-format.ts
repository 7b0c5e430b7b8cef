/**
 * The store's money format, read off the engine's CLDR money formatter (the
 * one the `money` and price formatters use when the website formats money
 * through CLDR) for a currency and locale, as plain data the islands apply in
 * the browser with client/lib/money.ts, down to the digits themselves (the
 * locale's numbering system's: Arabic-Indic in ar-EG, Bengali in bn-BD). A
 * test holds the two to the same bytes.
 * The fraction digits are not CLDR's: they say what a stored minor unit is
 * worth, which is ISO 4217's (CLDR writes some currencies, such as IQD, with
 * fewer digits than their minor unit, which would show stored amounts 100 or
 * 1000 times too high).
 */
import { formatMoneyWith, fractionDigits, type MoneyFormat } from '../../client/lib/money.ts';
import { cldrFor } from '../../engine/plugins/i18n/cldr.ts';

interface Part {
  type: string;
  value: string;
}

const DIGIT_PARTS: ReadonlySet<string> = new Set(['integer', 'group', 'decimal', 'fraction']);

/**
 * The same parts the engine's formatMoneyCLDR joins (a code CLDR has no symbol for is written as
 * the code), with the currency's own fraction digits, so the decimal separator is there to read.
 */
function partsOf(amount: string, currency: string, locale: string): Part[] {
  const numbers = cldrFor(locale).Numbers;
  const code = currency as Parameters<typeof numbers.getCurrencySymbol>[0];
  const unknown = numbers.getCurrencySymbol(code) === '';
  const digits = fractionDigits(currency);
  return numbers.formatCurrencyToParts(amount, code, {
    ...(unknown ? { style: 'code' } : {}),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }) as Part[];
}

/** What stands before and after the digits. */
function affixes(parts: Part[]): { prefix: string; suffix: string } {
  const first = parts.findIndex((part) => DIGIT_PARTS.has(part.type));
  let last = first;
  for (let i = first; i < parts.length; i += 1) if (DIGIT_PARTS.has(parts[i]!.type)) last = i;
  const text = (slice: Part[]): string => slice.map((part) => part.value).join('');
  return { prefix: text(parts.slice(0, first)), suffix: text(parts.slice(last + 1)) };
}

function integerGroups(parts: Part[]): string[] {
  return parts.filter((part) => part.type === 'integer').map((part) => part.value);
}

const LATIN_DIGITS = '0123456789';

/**
 * The locale's digits zero to nine as CLDR writes them, read off the integer of 1234567890 (one code
 * point each: some numbering systems' digits lie beyond the basic plane).
 */
function localeDigits(integerDigits: string): string {
  const written = Array.from(integerDigits);
  if (written.length !== 10) return LATIN_DIGITS;
  return [written[9]!, ...written.slice(0, 9)].join('');
}

const cache = new Map<string, MoneyFormat>();

/** The money format of a currency ('USD') in a locale ('en-US'). */
export function moneyFormatFor(currency: string, locale: string): MoneyFormat {
  const code = currency.trim().toUpperCase();
  const key = `${code}\u0000${locale}`;
  let format = cache.get(key);
  if (format !== undefined) return format;
  const negative = partsOf('-1234567890.5', code, locale);
  const positive = partsOf('1234567890.5', code, locale);
  const groups = integerGroups(positive);
  const primaryGroup = groups.length > 1 ? groups[groups.length - 1]!.length : 0;
  const secondaryGroup = groups.length > 2 ? groups[groups.length - 2]!.length : primaryGroup;
  // The smallest amount with one more digit than the first group: grouped at once, or only with more digits.
  let minimumGroupingDigits = 1;
  while (primaryGroup > 0 && minimumGroupingDigits < 4
    && integerGroups(partsOf('1'.repeat(primaryGroup + minimumGroupingDigits), code, locale)).length === 1) {
    minimumGroupingDigits += 1;
  }
  format = {
    currency: code,
    fractionDigits: fractionDigits(code),
    positive: affixes(positive),
    negative: affixes(negative),
    decimal: positive.find((part) => part.type === 'decimal')?.value ?? '.',
    group: positive.find((part) => part.type === 'group')?.value ?? '',
    primaryGroup,
    secondaryGroup,
    minimumGroupingDigits,
    digits: localeDigits(groups.join('')),
  };
  if (cache.size > 100) cache.clear();
  cache.set(key, format);
  return format;
}

/** Amounts as text in the store's money format for the currency in its locale: emails, a page's texts, messages. */
export function moneyTextIn(currency: string, locale: string): (cents: number) => string {
  const format = moneyFormatFor(currency, locale);
  return (cents) => formatMoneyWith(cents, format);
}
