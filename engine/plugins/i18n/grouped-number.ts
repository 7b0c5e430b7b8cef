/**
 * Fixed-pattern number text ('#,##0.00'-style) for the legacy money
 * formatters, which predate CLDR and use Java's DecimalFormat rules:
 * half-even rounding, groups of three, locale separators.
 */
import type { Decimal } from '@phensley/cldr';

export interface FixedPattern {
  readonly minFraction: number;
  readonly maxFraction: number;
  readonly group: string;
  readonly decimal: string;
}

/** Formats the magnitude of a decimal (no sign) with the given pattern. */
export function formatFixed(value: Decimal, pattern: FixedPattern): string {
  const rounded = value.abs().setScale(pattern.maxFraction, 'half-even');
  const text = rounded.toString();
  const point = text.indexOf('.');
  const integer = point === -1 ? text : text.slice(0, point);
  let fraction = point === -1 ? '' : text.slice(point + 1);
  while (fraction.length > pattern.minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  while (fraction.length < pattern.minFraction) fraction += '0';
  let grouped = '';
  for (let i = 0; i < integer.length; i++) {
    if (i > 0 && (integer.length - i) % 3 === 0) grouped += pattern.group;
    grouped += integer[i];
  }
  return fraction === '' ? grouped : grouped + pattern.decimal + fraction;
}
