/** Focus helpers: focusable lookup, the Tab trap, and the focus-first helper. */
import { HELPERS } from './messages.ts';

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', 'iframe', '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

export function focusableElements(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('hidden'));
}

/** Keeps Tab and Shift+Tab inside the container. Returns true when it moved focus. */
export function trapTabKey(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableElements(container);
  if (items.length === 0) {
    event.preventDefault();
    container.focus();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

export interface FocusFirstOptions {
  container?: ParentNode;
  predicate?: (element: HTMLElement) => boolean;
  root?: ParentNode;
}

/** Focuses the first focusable element in a container, or the first matching a predicate; exactly one is required. */
export function focusFirst(options: FocusFirstOptions): HTMLElement | null {
  const hasContainer = options.container !== undefined;
  const hasPredicate = options.predicate !== undefined;
  if (hasContainer === hasPredicate) throw new Error(HELPERS.focusTarget);
  const candidates = hasContainer
    ? focusableElements(options.container!)
    : focusableElements(options.root ?? document).filter(options.predicate!);
  const target = candidates[0] ?? null;
  target?.focus();
  return target;
}
