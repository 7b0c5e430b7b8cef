/**
 * The owner's "running low" figure (Settings → Running low at, storeSettings.lowStockThreshold):
 * a limited variant with this many left or fewer is running low. The inventory lists those on
 * request, and the owner's new-order notice names the variants an order brought down to it.
 */

/** The figure until the owner sets one. */
export const DEFAULT_LOW_STOCK = 5;
/** The largest figure the setting takes. */
export const MAX_LOW_STOCK = 100_000;

/** The store's figure from its storeSettings document (the default when unset or not a whole number in range). */
export function lowStockThresholdOf(storeSettings: Record<string, unknown>): number {
  const value = storeSettings.lowStockThreshold;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_LOW_STOCK ? value : DEFAULT_LOW_STOCK;
}

/** A variant an order brought to the figure or below it: it had more before, and has `left` now. */
export function fellToLowStock(left: number, taken: number, threshold: number): boolean {
  return left <= threshold && left + taken > threshold;
}
