/**
 * Where the admin's entries stand in the tab's history: each carries its position in its state, so
 * a Back or Forward the owner refuses can be undone by moving the same number of steps the other
 * way. Pushing the address again instead would wipe every Forward entry.
 */

const KEY = 'adminHistoryPosition';

/** The position of the entry the admin shows. */
let shown = 0;

function positionOf(state: unknown): number | null {
  const position = state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof position === 'number' && Number.isInteger(position) ? position : null;
}

function withPosition(state: unknown, position: number): Record<string, unknown> {
  return { ...(state !== null && typeof state === 'object' ? state : {}), [KEY]: position };
}

/** Gives the entry the page opened at a position (it keeps the one it had before a reload). */
export function startHistoryPositions(): void {
  const known = positionOf(window.history.state);
  shown = known ?? 0;
  if (known === null) window.history.replaceState(withPosition(window.history.state, shown), '');
}

/** Moves to `address` with a new entry, one step past the one shown. */
export function pushAddress(address: string): void {
  shown += 1;
  window.history.pushState(withPosition(null, shown), '', address);
}

/** Changes the address of the entry shown, keeping its position (a new product given its id). */
export function replaceAddress(address: string): void {
  window.history.replaceState(withPosition(window.history.state, shown), '', address);
}

/** Whether a popstate's entry is the one shown: the way back from a move the owner refused. */
export function isShown(state: unknown): boolean {
  return positionOf(state) === shown;
}

/** After Back or Forward was followed: the entry arrived at is the one shown. */
export function arrivedAt(state: unknown): void {
  shown = positionOf(state) ?? shown;
}

/**
 * After Back or Forward the owner refused: back to the entry shown, at `address`, by as many steps
 * the other way (its popstate then finds the address it left). An entry the admin did not make has
 * no position: the address is pushed again with the position of the one left, which is right
 * after the usual one step Back.
 */
export function returnToShown(state: unknown, address: string): void {
  const position = positionOf(state);
  if (position !== null && position !== shown) window.history.go(shown - position);
  else window.history.pushState(withPosition(null, shown), '', address);
}
