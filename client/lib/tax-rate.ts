/**
 * The store's tax rate, one rule for the settings screen, the server's check and the totals. It is
 * kept as `taxRateBasisPoints` (800 = 8 %), as it always was; a rate with three decimals of a
 * percent (New York City's 8.875 %) is a tenth of a basis point, 887.5, so every stored whole
 * number keeps its meaning. Sums use the rate in whole tenths of a basis point (8875), never the
 * fraction.
 */

/** The highest rate, in percent. */
export const TAX_RATE_MAX_PERCENT = 50;
/** Decimals of a percent a rate may have: 8.875. */
export const TAX_RATE_DECIMALS = 3;
/** Tenths of a basis point in 100 %. */
export const TAX_TENTHS_IN_WHOLE = 100_000;
/** The highest rate, in tenths of a basis point. */
export const TAX_RATE_MAX_TENTHS = TAX_RATE_MAX_PERCENT * 1000;

/**
 * A stored rate in whole tenths of a basis point (887.5 → 8875), or null when it is not one: not
 * a number, below 0, or finer than a tenth (887.25). The test is exact: a number with one
 * decimal is the double nearest to its tenths / 10, and any other number is not.
 */
export function taxRateTenths(basisPoints: unknown): number | null {
  if (typeof basisPoints !== 'number' || !Number.isFinite(basisPoints) || basisPoints < 0) return null;
  const tenths = Math.round(basisPoints * 10);
  return tenths / 10 === basisPoints ? tenths : null;
}

/** Whether a stored rate is one the owner may set: tenths of a basis point, from 0 to 50 %. */
export function isTaxRate(basisPoints: unknown): boolean {
  const tenths = taxRateTenths(basisPoints);
  return tenths !== null && tenths <= TAX_RATE_MAX_TENTHS;
}
