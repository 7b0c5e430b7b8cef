/**
 * The page's adds to the cart, sent one at a time. A visitor without a cart yet has no cart
 * cookie, so adds sent at once (a double tap, two products added quickly on a slow phone) each
 * made a new cart on the server, each answered with its own cookie, and the browser kept only the
 * last: the others' items were lost. Each add now waits for the one before to be answered, whose
 * cookie it then carries. An add that fails does not hold up the next.
 */
let last: Promise<unknown> = Promise.resolve();

export function oneAddAtATime<T>(add: () => Promise<T>): Promise<T> {
  const next = last.then(add, add);
  last = next.catch(() => undefined);
  return next;
}
