/**
 * The order a collection's items are listed in, from its `.conf`'s `ordering` (the platform's
 * developer documentation names `chronological`, `user-orderable` and `calendar`). The store keeps
 * content items in the owner's order; a chronological collection lists the newest first, as a blog
 * does (the platform's own blog templates call the page before "Newer" and the item before
 * `prevItem` "Newer"), and a calendar the earliest first. Any other value (an album's undocumented
 * `music-album`) or none keeps the owner's order. One order serves the list, its pages and an
 * item's neighbours, so they always agree.
 */

export type ItemOrder = 'owner' | 'newest-first' | 'oldest-first';

/** The order a collection's `.conf` asks for (the owner's when it has no .conf or names no order it knows). */
export function itemOrderOf(conf: { ordering?: unknown } | null | undefined): ItemOrder {
  if (conf?.ordering === 'chronological') return 'newest-first';
  if (conf?.ordering === 'calendar') return 'oldest-first';
  return 'owner';
}

/** The items in that order, given in the owner's; items of the same date keep the owner's order (the sort is stable). */
export function inItemOrder<T>(items: readonly T[], order: ItemOrder, dateOf: (item: T) => number): T[] {
  if (order === 'owner') return [...items];
  const direction = order === 'newest-first' ? -1 : 1;
  return [...items].sort((a, b) => direction * (dateOf(a) - dateOf(b)));
}
