/**
 * The products chosen on the product list for a bulk action: those ticked, kept while the owner
 * turns the pages, or every product the list's search and filters keep ("Select all 342 products
 * that match"), which the server works out itself when the action is applied. Another search or
 * filter starts a new, empty selection: what was chosen was chosen from another list.
 */
import { useCallback, useEffect, useState } from 'react';

export type ProductSelection =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  | { kind: 'matching' };

const NONE: ProductSelection = { kind: 'ids', ids: new Set() };

export interface ProductSelectionControls {
  selection: ProductSelection;
  /** Whether the product is chosen (every one is while all that match are). */
  isSelected: (productId: string) => boolean;
  /** Ticks or unticks one product; unticking one while all that match are chosen keeps the rest of the page. */
  setOne: (productId: string, selected: boolean, pageIds: readonly string[]) => void;
  /** Ticks or unticks every product of the page shown. */
  setPage: (pageIds: readonly string[], selected: boolean) => void;
  selectMatching: () => void;
  clear: () => void;
  /** How many products are chosen, `total` being how many the list keeps. */
  countOf: (total: number) => number;
}

/** The selection of the list `listKey` names (its search and filters, not its sort or page). */
export function useProductSelection(listKey: string): ProductSelectionControls {
  const [selection, setSelection] = useState<ProductSelection>(NONE);
  useEffect(() => setSelection(NONE), [listKey]);

  const isSelected = useCallback((productId: string) => selection.kind === 'matching' || selection.ids.has(productId), [selection]);
  const setOne = useCallback((productId: string, selected: boolean, pageIds: readonly string[]) => setSelection((current) => {
    const ids = new Set(current.kind === 'matching' ? pageIds : current.ids);
    if (selected) ids.add(productId);
    else ids.delete(productId);
    return { kind: 'ids', ids };
  }), []);
  const setPage = useCallback((pageIds: readonly string[], selected: boolean) => setSelection((current) => {
    if (!selected && current.kind === 'matching') return NONE;
    const ids = new Set(current.kind === 'matching' ? [] : current.ids);
    for (const id of pageIds) {
      if (selected) ids.add(id);
      else ids.delete(id);
    }
    return { kind: 'ids', ids };
  }), []);
  const selectMatching = useCallback(() => setSelection({ kind: 'matching' }), []);
  const clear = useCallback(() => setSelection(NONE), []);
  const countOf = useCallback((total: number) => (selection.kind === 'matching' ? total : selection.ids.size), [selection]);
  return { selection, isSelected, setOne, setPage, selectMatching, clear, countOf };
}
