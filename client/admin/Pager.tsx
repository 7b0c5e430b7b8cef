/** Previous and next pages of a long admin list (products, orders…), with the rows shown. */
import { ADMIN } from '../lib/admin-messages.ts';

/** Rows per page of the admin's lists. */
export const ADMIN_PAGE_SIZE = 50;

/**
 * `list` names the list when a screen has several, so each pager is a landmark of its own name.
 * `total`, where the list counts its rows, says the page among all ("Page 3 of 101") instead of the rows shown.
 */
export function Pager({ offset, shown, hasMore, onPage, list, total }: {
  offset: number; shown: number; hasMore: boolean; onPage: (offset: number) => void; list?: string; total?: number;
}) {
  if (offset === 0 && !hasMore) return null;
  return (
    <nav className="admin-pager" aria-label={list ? `${ADMIN.pages}: ${list}` : ADMIN.pages}>
      <button type="button" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - ADMIN_PAGE_SIZE))}>{ADMIN.previousPage}</button>
      <span>{total === undefined ? ADMIN.rowsShown(offset + 1, offset + shown)
        : ADMIN.pageOfPages(Math.floor(offset / ADMIN_PAGE_SIZE) + 1, Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)))}</span>
      <button type="button" disabled={!hasMore} onClick={() => onPage(offset + ADMIN_PAGE_SIZE)}>{ADMIN.nextPage}</button>
    </nav>
  );
}
