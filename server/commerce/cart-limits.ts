import { PAYLOAD } from '../../client/lib/messages.ts';
import { QUANTITY_MAX } from '../../client/lib/rules.ts';
import type { CartRepository, CartSize } from '../db/cart-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';

/**
 * Caps on what one cart may hold. The cart page renders every entry and its answers into the
 * cart island, so these bound the work and memory of one visitor's page as well as the database.
 */
export const CART_LIMITS = {
  /** Entries (distinct lines) per cart. */
  entries: 100,
  /** Characters of one answer (a text, one part of a name or address, one choice). */
  answerLength: 1000,
  /** UTF-8 bytes of one entry's stored answers. */
  entryAnswerBytes: 8 * 1024,
  /**
   * UTF-8 bytes of every entry's stored answers together: with the entry cap this keeps the cart
   * island's props (and the /cart render) to a few hundred kilobytes at the very most.
   */
  cartAnswerBytes: 32 * 1024,
} as const;

/** Whether a cart of this size has room for `newEntries` more entries whose answers add `addedBytes`. */
export function fitsInCart(size: CartSize, newEntries: number, addedBytes: number): boolean {
  return (newEntries <= 0 || size.entries + newEntries <= CART_LIMITS.entries)
    && (addedBytes <= 0 || size.answerBytes + addedBytes <= CART_LIMITS.cartAnswerBytes);
}

/**
 * Refuses a change that would take the cart past its caps: `newEntries` entries added, and its
 * answers growing by `addedBytes` (negative when shorter answers replace longer ones).
 */
export async function assertRoomInCart(carts: CartRepository, cartId: string, newEntries: number, addedBytes: number): Promise<void> {
  assertRoom(await carts.size(cartId), newEntries, addedBytes);
}

/** assertRoomInCart for a cart whose size the caller knows (an empty one it has just made). */
export function assertRoom(size: CartSize, newEntries: number, addedBytes: number): void {
  if (newEntries > 0 && size.entries + newEntries > CART_LIMITS.entries) {
    throw new HttpError(400, fillMessage(serverMessages.cartFull, { max: CART_LIMITS.entries }));
  }
  if (addedBytes > 0 && size.answerBytes + addedBytes > CART_LIMITS.cartAnswerBytes) {
    throw new HttpError(400, serverMessages.cartAnswersTooLong);
  }
}

/** An add that joins an existing entry obeys the same maximum as setting that entry's quantity. */
export function assertMergedQuantity(existingQuantity: number, adding: number): void {
  if (existingQuantity + adding > QUANTITY_MAX) throw new HttpError(400, PAYLOAD.quantityAtMost(QUANTITY_MAX));
}

/** UTF-8 bytes of stored answers (none for a plain entry). */
export function answerBytes(answers: string | null): number {
  return answers === null ? 0 : Buffer.byteLength(answers);
}
