/**
 * The owner's moves of a product in the shop's order (shop-order.ts): to the top, one place up,
 * one place down or to the bottom of its collection, hidden products counted as the admin's list
 * shows them. A move writes as few `display_order`s as keep the rest of the order as it was: the
 * product's alone for the top or the bottom (before the first, after the last), the product's and
 * its neighbour's swapped for a place up or down; where products share a place (an import, older
 * data) a swap would move it by more or less than one, so the collection is numbered afresh in its
 * new order, from the first place, writing only the places that change. Each write is a product
 * row's, so the database's triggers move the content and catalogue versions and note the product
 * in catalogue_changes (migrations 142, 144): `/shop` shows the new order on its next request, in
 * every process.
 */
import { shopOrder } from './shop-order.ts';
import { forUpdate, placeholders, type StoreSession } from './store.ts';

export const PRODUCT_MOVES = ['top', 'up', 'down', 'bottom'] as const;
export type ProductMove = (typeof PRODUCT_MOVES)[number];

export interface MoveOutcome {
  title: string;
  /** False when the product was at that end already: nothing was written. */
  moved: boolean;
  /** Its place now in its collection's order, from 1, and how many products that order has. */
  position: number;
  total: number;
}

/** Rows written in one statement while numbering afresh (two parameters each). */
const WRITE_BATCH = 500;

interface Place {
  id: string;
  order: number;
}

/** The display orders to write for `wanted`, the order after the move (as few as keep the rest where it is). */
function placesToWrite(order: readonly Place[], from: number, to: number, wanted: readonly string[]): Map<string, number> {
  const moved = order[from]!;
  const first = order[0]!.order;
  const last = order[order.length - 1]!.order;
  const fewest = new Map<string, number>();
  if (to === 0) fewest.set(moved.id, first - 1);
  else if (to === order.length - 1) fewest.set(moved.id, last + 1);
  else {
    const neighbour = order[to]!;
    fewest.set(moved.id, neighbour.order).set(neighbour.id, moved.order);
  }
  // a swap moves each by one place only where no other product shares either place (the top's and
  // the bottom's places are shared by none); told by the numbers, not by comparing ids, whose
  // order PostgreSQL's collation may give otherwise than JavaScript
  const shared = (value: number) => order.filter((place) => place.order === value).length > 1;
  if (fewest.size === 1 || (!shared(moved.order) && !shared(order[to]!.order))) return fewest;
  // places shared: one place each, in the new order, from the first (new products still come before)
  const current = new Map(order.map((place) => [place.id, place.order]));
  const afresh = new Map<string, number>();
  wanted.forEach((id, index) => {
    if (current.get(id) !== first + index) afresh.set(id, first + index);
  });
  return afresh;
}

/**
 * Moves the product in its collection's order; undefined when it does not exist. Call inside a
 * transaction. Moves of a collection take turns (its row is locked first: on PostgreSQL a second
 * move waits, then reads the order the first committed; SQLite's IMMEDIATE transactions do the
 * same), so two staff moving products at once each move theirs one place of the order as it is.
 * The rows written are locked before the first write: the triggers' version row is taken then,
 * never while a product row is still awaited (a save holds its product, then that row).
 */
export async function moveProduct(tx: StoreSession, productId: string, move: ProductMove): Promise<MoveOutcome | undefined> {
  const product = await tx.get<{ collection_id: string; title: string }>('SELECT collection_id, title FROM products WHERE id = ?', [productId]);
  if (!product) return undefined;
  await tx.get(`SELECT id FROM collections WHERE id = ?${forUpdate(tx)}`, [product.collection_id]);
  // read after the lock: the order as the last move committed it
  const order = (await tx.all<{ id: string; display_order: number | string }>(
    `SELECT id, display_order FROM products WHERE collection_id = ? ORDER BY ${shopOrder()}`, [product.collection_id],
  )).map((row) => ({ id: row.id, order: Number(row.display_order) }));
  const from = order.findIndex((place) => place.id === productId);
  // deleted while the move waited its turn
  if (from === -1) return undefined;
  const to = move === 'top' ? 0 : move === 'bottom' ? order.length - 1 : Math.min(order.length - 1, Math.max(0, from + (move === 'up' ? -1 : 1)));
  const outcome = { title: product.title, position: to + 1, total: order.length };
  if (to === from) return { ...outcome, moved: false };
  const wanted = order.map((place) => place.id);
  wanted.splice(from, 1);
  wanted.splice(to, 0, productId);
  const writes = [...placesToWrite(order, from, to, wanted)];
  for (let start = 0; start < writes.length; start += WRITE_BATCH) {
    const batch = writes.slice(start, start + WRITE_BATCH);
    const ids = batch.map(([id]) => id).sort();
    if (forUpdate(tx) !== '') await tx.all(`SELECT id FROM products WHERE id IN (${placeholders(ids.length)}) ORDER BY id${forUpdate(tx)}`, ids);
  }
  for (let start = 0; start < writes.length; start += WRITE_BATCH) {
    const batch = writes.slice(start, start + WRITE_BATCH);
    await tx.run(
      `UPDATE products SET display_order = CASE id ${batch.map(() => 'WHEN ? THEN CAST(? AS BIGINT)').join(' ')} END WHERE id IN (${placeholders(batch.length)})`,
      [...batch.flat(), ...batch.map(([id]) => id)],
    );
  }
  return { ...outcome, moved: true };
}
