import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatMoneyCents } from '../../../../engine/plugins/commerce/money.ts';

/** Expected text of whole cents, computed with integer arithmetic. */
function expectedText(cents: bigint, fractionDigits: number): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const divisor = 10n ** BigInt(fractionDigits);
  const integer = (magnitude / divisor).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = fractionDigits === 0 ? '' : '.' + (magnitude % divisor).toString().padStart(fractionDigits, '0');
  return (negative ? '-' : '') + integer + fraction;
}

describe('money formatting properties', () => {
  test('whole cents print exactly, grouped by thousands, for USD and JPY', () => {
    const cents = fc.bigInt({ min: -(10n ** 16n) + 1n, max: 10n ** 16n - 1n });
    fc.assert(
      fc.property(cents, (value) => {
        expect(formatMoneyCents(value.toString(), 'USD')).toBe(expectedText(value, 2));
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (value) => {
        expect(formatMoneyCents(value.toString(), 'JPY')).toBe(expectedText(value, 0));
      }),
    );
  });

  test('whole minor units of a currency with thousandths print with three decimals (KWD)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n }), (value) => {
        expect(formatMoneyCents(value.toString(), 'KWD')).toBe(expectedText(value, 3));
      }),
    );
  });
});
