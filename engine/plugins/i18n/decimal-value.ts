/**
 * Exact decimal values for number and money formatting: template numbers and
 * numeric strings become arbitrary-precision decimals, never binary floats,
 * so '1234.565' rounds the way the references round it.
 */
import { Decimal } from '@phensley/cldr';
import type { RoundingModeType } from '@phensley/cldr';
import { JsonDouble } from '../../runtime/values.ts';

/**
 * The decimal a value stands for: a finite JSON number or a numeric string
 * ('12', '-0.5', '1e3'); anything else (text, booleans, objects, missing,
 * NaN, infinities) is undefined. A double the data wrote as `1.0` keeps its
 * fraction digit ('1.0'), so plural rules see a visible fraction, as in the
 * Java reference.
 */
export function toDecimal(value: unknown): Decimal | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (value instanceof JsonDouble) {
    if (!Number.isFinite(value.value)) return undefined;
    text = value.toString();
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return undefined;
  }
  try {
    const decimal = new Decimal(text);
    return decimal.isNaN() || decimal.isInfinity() ? undefined : decimal;
  } catch {
    return undefined;
  }
}

/** Rounds to at most `digits` fraction digits; fewer digits are left alone. */
export function limitFractionDigits(value: Decimal, digits: number, round?: RoundingModeType): Decimal {
  return value.scale() > digits ? value.setScale(digits, round ?? 'half-even') : value;
}
