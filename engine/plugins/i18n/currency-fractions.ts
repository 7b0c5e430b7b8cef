/**
 * The currency digits CLDR money formatting uses, as the Java reference has
 * them. Both format through the cldr-engine family, but the Java reference
 * runs an earlier release whose CLDR data gives COP, HUF, IDR and PKR two
 * fraction digits (`IDR 1,234.56`); the release we use has none for them
 * (`IDR 1,235`). Money, prices and messages all format with a currency's
 * default digits (never its cash digits: no formatter asks for cash rounding),
 * so those four are set back to the reference's values.
 */
import { getCurrencyFractions } from '@phensley/cldr';
import type { CurrencyFractions, CurrencyType } from '@phensley/cldr';

/** Where the Java reference's currency data differs from the library's. */
export const REFERENCE_CURRENCY_FRACTIONS: Readonly<Record<string, Readonly<CurrencyFractions>>> = {
  COP: { digits: 2, rounding: 0, cashDigits: 0, cashRounding: 0 },
  HUF: { digits: 2, rounding: 0, cashDigits: 0, cashRounding: 0 },
  IDR: { digits: 2, rounding: 0, cashDigits: 0, cashRounding: 0 },
  PKR: { digits: 2, rounding: 0, cashDigits: 0, cashRounding: 0 },
};

/**
 * Writes the reference's values into the library's currency table, which
 * every formatCurrency call reads (the library offers no option for it).
 * Each of these codes has its own entry there, so no shared default changes.
 */
export function useReferenceCurrencyFractions(): void {
  for (const [code, fractions] of Object.entries(REFERENCE_CURRENCY_FRACTIONS)) {
    Object.assign(getCurrencyFractions(code as CurrencyType), fractions);
  }
}
