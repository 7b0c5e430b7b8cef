/**
 * `i18n-money-format LOCALE`: the pre-CLDR money format of the Java
 * reference. Its rules: the platform's own symbols for a few currencies,
 * the symbol on the right for some locales, a space between the number and
 * a symbol made of letters, and the locale's separators.
 */
import { Decimal } from '@phensley/cldr';
import type { Formatter } from '../types.ts';
import { messages } from '../../messages.ts';
import { asRecord, asString } from '../../runtime/values.ts';
import { LOCALE_CACHE_LIMIT, MAX_CACHED_LOCALE_LENGTH } from './cldr.ts';
import { toDecimal } from './decimal-value.ts';
import { formatFixed } from './grouped-number.ts';
import { DEFAULT_CURRENCY } from './money.ts';

const DEFAULT_LEGACY_LOCALE = 'en-US';

/** The platform's symbol choices; other currencies use the locale's symbol. */
const PLATFORM_SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  CAD: 'C$',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  NOK: 'kr',
  SEK: 'kr',
  USD: '$',
};

/** Locales that put the symbol after the number; every other locale puts it before. */
const SYMBOL_AFTER = new Set(['da-DK', 'de-DE', 'fr-FR', 'sv-SE']);

/** Locale arguments as Java's LocaleUtils accepts them: 'en', 'en_US', 'en_US_POSIX', '_US' ('-' allowed for '_'). */
const LOCALE_SHAPE = /^(?:[a-z]{2,3}(?:_(?:[A-Z]{2}|\d{3})?(?:_.+)?)?|_(?:[A-Z]{2}|\d{3})(?:_.+)?)$/;

/** Language tag of a locale argument ('en_UK' → 'en-UK'); undefined when it is malformed. */
export function legacyLocaleTag(arg: string): string | undefined {
  const underscored = arg.replace(/-/g, '_');
  if (!LOCALE_SHAPE.test(underscored)) return undefined;
  const [language = '', country = ''] = underscored.split('_');
  if (language === '') return undefined;
  return country === '' ? language : `${language}-${country}`;
}

interface LocaleSymbols {
  readonly group: string;
  readonly decimal: string;
}

const symbolCache = new Map<string, LocaleSymbols>();

/**
 * Grouping and decimal separators of a locale. These come from Intl; the
 * narrow no-break space newer CLDR uses for grouping is written as the
 * no-break space of the Java runtime's data, which the reference output has.
 */
function localeSymbols(tag: string): LocaleSymbols {
  let symbols = symbolCache.get(tag);
  if (!symbols) {
    let group = ',';
    let decimal = '.';
    try {
      for (const part of new Intl.NumberFormat(tag).formatToParts(1000.5)) {
        if (part.type === 'group') group = part.value.replace(/\u202f/g, '\u00a0').replace(/\u2019/g, "'");
        else if (part.type === 'decimal') decimal = part.value;
      }
    } catch {
      // A tag Intl rejects keeps the en-US separators.
    }
    symbols = { group, decimal };
    if (tag.length <= MAX_CACHED_LOCALE_LENGTH) {
      if (symbolCache.size >= LOCALE_CACHE_LIMIT) symbolCache.clear();
      symbolCache.set(tag, symbols);
    }
  }
  return symbols;
}

/** Whether a currency code is one Intl (ISO 4217) knows. */
function currencyFormat(tag: string, code: string): Intl.NumberFormat | undefined {
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency: code });
  } catch {
    return undefined;
  }
}

function currencySymbol(format: Intl.NumberFormat, code: string): string {
  const platform = PLATFORM_SYMBOLS[code];
  if (platform !== undefined) return platform;
  const part = format.formatToParts(0).find((p) => p.type === 'currency');
  return part ? part.value : code;
}

const STARTS_WITH_LETTER = /^[A-Za-z]/;
const ENDS_WITH_LETTER = /[A-Za-z]$/;

/**
 * Formats an exact amount in a currency for a legacy locale tag (never
 * through a binary double, which loses precision on large values).
 * Undefined when the currency code is not ISO 4217.
 */
export function formatLegacyMoney(value: Decimal, code: string, tag: string): string | undefined {
  const format = currencyFormat(tag, code) ?? currencyFormat('en-US', code);
  if (!format) return undefined;
  const symbol = currencySymbol(format, code);
  const maxFraction = format.resolvedOptions().maximumFractionDigits ?? 2;
  const { group, decimal } = localeSymbols(tag);
  const digits = formatFixed(value, { minFraction: Math.min(2, maxFraction), maxFraction, group, decimal });
  const negative = value.isNegative() && !value.isZero() && /[1-9]/.test(digits);
  if (SYMBOL_AFTER.has(tag)) {
    const spaced = STARTS_WITH_LETTER.test(symbol) ? ' ' : '';
    return `${negative ? '-' : ''}${digits}${spaced}${symbol}`;
  }
  if (ENDS_WITH_LETTER.test(symbol)) return `${symbol} ${negative ? '-' : ''}${digits}`;
  return `${negative ? '-' : ''}${symbol}${digits}`;
}

const ZERO = new Decimal(0);

/** The amount of a value: its exact decimal, 0 for anything not numeric (as the reference reads a double). */
function amountOf(value: unknown): Decimal {
  if (typeof value === 'boolean') return value ? new Decimal(1) : ZERO;
  return toDecimal(typeof value === 'string' ? value.trim() : value) ?? ZERO;
}

function localeArgument(args: readonly string[]): string {
  const arg = args.length === 0 ? '' : (args[0] ?? '').trim();
  return arg === '' ? DEFAULT_LEGACY_LOCALE : (legacyLocaleTag(arg) ?? DEFAULT_LEGACY_LOCALE);
}

export const legacyMoneyFormatter: Formatter = {
  validate(args) {
    if (args.length > 1) return messages.i18nArgsAtMost(1, args.length);
    const arg = (args[0] ?? '').trim();
    if (arg !== '' && legacyLocaleTag(arg) === undefined) return messages.legacyMoneyInvalidLocale(arg);
    return undefined;
  },
  apply(value, args, ctx) {
    const code = asString(asRecord(value)?.currencyCode).trim() || DEFAULT_CURRENCY;
    const result = formatLegacyMoney(amountOf(asRecord(value)?.decimalValue), code, localeArgument(args));
    if (result === undefined) {
      ctx.error(messages.legacyMoneyInvalidCurrency(code));
      return undefined;
    }
    return result;
  },
};
