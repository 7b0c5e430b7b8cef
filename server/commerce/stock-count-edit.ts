/**
 * Which count a stock edit writes, when shoppers may buy (or other staff may edit) between the
 * moment a screen loaded a variant's count and the moment the owner saves. The screen sends the
 * count it loaded with the count it wants:
 * - the owner left the count as loaded: the stored count stays, whatever happened meanwhile, so a
 *   save made for a typo in the title never sells again what orders took;
 * - the owner changed it and the store still has the loaded count (or already has the owner's):
 *   the owner's count is written;
 * - the owner changed it and the store's count moved too: the owner's figure was made against a
 *   count that no longer holds (a shelf count? a restock on top?), so the edit is refused and the
 *   owner decides again with the current count in view.
 * A count sent without the loaded one (a spreadsheet's figure, a new variant) is written as given.
 */
export interface StockCountEdit {
  /** The count the owner wants. */
  qtyInStock: number;
  /** The count the screen loaded, which the owner's figure was made against. */
  qtyInStockWhenLoaded?: number;
}

export type StockCountOutcome = { write: number } | { changedMeanwhile: true };

export function stockCountToWrite(storedCount: number, edit: StockCountEdit): StockCountOutcome {
  const loaded = edit.qtyInStockWhenLoaded;
  if (loaded === undefined) return { write: edit.qtyInStock };
  if (edit.qtyInStock === loaded) return { write: storedCount };
  if (storedCount === loaded || storedCount === edit.qtyInStock) return { write: edit.qtyInStock };
  return { changedMeanwhile: true };
}

/**
 * Whether a stored variant stays Unlimited after an edit. A switch left as the screen loaded it
 * keeps the store's (another member of staff, or the import, may have flipped it since); one the
 * owner flipped is written. Either way there is nothing to refuse: the switch has two positions,
 * and the owner's is the one they chose. Without the loaded position, the switch is written as given.
 */
export function unlimitedToWrite(storedUnlimited: boolean, edit: { unlimited: boolean; unlimitedWhenLoaded?: boolean }): boolean {
  if (edit.unlimitedWhenLoaded === undefined || edit.unlimited !== edit.unlimitedWhenLoaded) return edit.unlimited;
  return storedUnlimited;
}
