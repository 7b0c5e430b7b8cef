/**
 * The focus kept through a list's own buttons (Move up, Move down, Remove, Add): the button pressed
 * may be gone once the list changes (its row removed), disabled (Move down on the row now last) or
 * moved in the page (a moved row's node is put back, which drops its focus), and the browser then
 * leaves the focus on the page's body, so the next Tab starts again from the top of the admin.
 * Named as the change is made, the focus goes after the next render to a control of a row the
 * page still has: that row's control of the same kind when it can be used, else its first usable
 * one (Move up on the row Move down made last), else its first field; a new row's first field.
 * Rows carry `data-row-key`, their controls `data-row-control`.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { focusableElements } from '../lib/focus.ts';

export type RowControl = 'move-up' | 'move-down' | 'remove' | 'first-field';

interface FocusWanted {
  rowKey: string | null;
  control: RowControl;
  fallback: RefObject<HTMLElement | null> | undefined;
}

/** Call what it returns as the list changes: the row that should hold the focus (null: none is left), its control, and where to go without the row. */
export function useRowFocus(container: RefObject<HTMLElement | null>): (rowKey: string | null, control: RowControl, fallback?: RefObject<HTMLElement | null>) => void {
  const wanted = useRef<FocusWanted | null>(null);
  useEffect(() => {
    const target = wanted.current;
    if (target === null) return;
    wanted.current = null;
    const rows = Array.from(container.current?.querySelectorAll<HTMLElement>('[data-row-key]') ?? []);
    const row = target.rowKey === null ? undefined : rows.find((candidate) => candidate.dataset.rowKey === target.rowKey);
    if (!row) {
      target.fallback?.current?.focus();
      return;
    }
    const usable = focusableElements(row);
    const controls = usable.filter((element) => element.dataset.rowControl !== undefined);
    const element = target.control === 'first-field'
      ? usable[0]
      : controls.find((candidate) => candidate.dataset.rowControl === target.control) ?? controls[0] ?? usable[0];
    element?.focus();
  });
  return useCallback((rowKey, control, fallback) => {
    wanted.current = { rowKey, control, fallback };
  }, []);
}
