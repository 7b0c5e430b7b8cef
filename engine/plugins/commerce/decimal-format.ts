/**
 * Exact decimal text formatting in the en-US shape the production server
 * uses for money and percentages (Java DecimalFormat patterns such as
 * "#,##0.00"): comma thousands separators, a decimal point, a leading minus,
 * half-even rounding. Arithmetic is done on decimals, never on binary floats,
 * so amounts such as 0.125 round the same way every time.
 */
import { Decimal } from '@phensley/cldr';

export { Decimal };

export interface FixedFormat {
  /** Fraction digits always shown. */
  readonly minFractionDigits: number;
  /** Fraction digits kept after rounding half-even. */
  readonly maxFractionDigits: number;
  /** Integer digits kept; beyond this only the least significant ones are shown (DecimalFormat's rule). */
  readonly maxIntegerDigits?: number;
}

function parseUncached(text: string): Decimal | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    const parsed = new Decimal(trimmed);
    return parsed.isFinite() ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decimals never change once made, and a store's prices repeat the same few
 * amount texts on every page (each variant's price is read several times per
 * product), so parsed texts are kept in a bounded cache.
 */
const parsedByText = new Map<string, Decimal | null>();
const PARSED_CACHE_LIMIT = 2000;
/** Amount texts are short; a longer text (data can hold anything) is parsed without being kept. */
const MAX_CACHED_TEXT_LENGTH = 64;

/** Parses decimal text (surrounding spaces allowed); undefined when it is not a finite number. */
export function parseDecimal(text: string): Decimal | undefined {
  if (text.length > MAX_CACHED_TEXT_LENGTH) return parseUncached(text);
  let parsed = parsedByText.get(text);
  if (parsed === undefined) {
    if (parsedByText.size >= PARSED_CACHE_LIMIT) parsedByText.clear();
    parsed = parseUncached(text) ?? null;
    parsedByText.set(text, parsed);
  }
  return parsed ?? undefined;
}

/** A JavaScript number as a decimal, through its shortest round-trip text (as Java prints doubles). */
export function decimalOfNumber(value: number): Decimal {
  return parseDecimal(String(value)) ?? new Decimal(0);
}

function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** Formats a decimal with grouping and a bounded number of fraction digits. */
export function formatFixed(value: Decimal, format: FixedFormat): string {
  const rounded = value.setScale(format.maxFractionDigits, 'half-even');
  const text = rounded.abs().toString();
  const point = text.indexOf('.');
  let integerDigits = point === -1 ? text : text.slice(0, point);
  let fraction = point === -1 ? '' : text.slice(point + 1);
  while (fraction.length > format.minFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const maxInteger = format.maxIntegerDigits;
  if (maxInteger !== undefined && integerDigits.length > maxInteger) {
    integerDigits = integerDigits.slice(integerDigits.length - maxInteger);
  }
  // Like DecimalFormat, a negative amount that rounds to zero keeps its sign ("-0.00").
  const sign = value.isNegative() && !value.isZero() ? '-' : '';
  return sign + groupThousands(integerDigits) + (fraction === '' ? '' : '.' + fraction);
}

/**
 * A percentage number as the store shows it: "12.50" (two to three fraction
 * digits), or "12.5" when trimmed (up to three).
 */
export function formatPercentage(value: number, trim: boolean): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value < 0 ? '-∞' : '∞';
  return formatFixed(decimalOfNumber(value), { minFractionDigits: trim ? 0 : 2, maxFractionDigits: 3 });
}
