/**
 * Products: search, filters and sorts, how many there are, each product's type, visibility, stock
 * and price at a glance, and an import from a spreadsheet. The search, filters, sort and page are
 * kept in the address, as the other lists keep theirs: Back, Forward, a reload or a shared link
 * show the same list, and a product opened from it leads back to it.
 *
 * In the shop's order, those who may edit the catalogue put products in it by hand: each row's
 * Top, Up, Down and Bottom move the product in the whole shop's order (server/db/product-order.ts).
 * After a move the list shows the page the product is on now (Up on a page's first row goes to the
 * page before), the focus is on the same button of its row (or the row's other one, at an end),
 * and a polite live region says where it went. With a search or filter only Top and Bottom are
 * offered: one place up or down in the whole shop may be past products the filter leaves out, a
 * move the list would not show. Every move button waits while a move is on its way.
 *
 * On a phone each product is a card (`admin-table--cards`, as on Orders, Inventory and Staff): its
 * title, the row's header, heads it, each other cell says its column, and the move buttons are a
 * row of their own. A product whose variants sell at different prices shows "from" the lowest, in
 * the shop's words. The search follows its box: a filter or sort changed takes the words the box
 * shows (an emptied box is no search), while the box alone searches with Enter or the button, as
 * every list's search does.
 *
 * Those who may edit the catalogue tick products (a box per row, one for the page in the header
 * row) and act on them at once (ProductBulkBar.tsx): hide, show, a category, Featured, delete;
 * with every product of a page ticked and more pages, on every product the search and filters
 * keep. After an action its line is in the notice area, the selection is cleared and the same
 * list (search, filters, page) is loaded again; a refused one keeps the selection.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall } from '../admin-api.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { formatMoney, type MoneyFormat } from '../../lib/money.ts';
import type { Navigate } from '../AdminApp.tsx';
import { Notice } from '../Field.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { useCall } from '../use-call.ts';
import { useStoreCurrency } from '../store-currency.ts';
import { useStoreMoneyFormat } from '../store-money-format.ts';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { pageOf, useAddressQuery } from '../use-address-query.ts';
import { ProductListFilters } from './ProductListFilters.tsx';
import { productListFields, productsListQuery, type ProductListFields } from './products-list-query.ts';
import { ProductImport } from './ProductImport.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { AdminLink } from '../AdminLink.tsx';
import { typeTakesStock } from '../../lib/product-stock.ts';
import { NO_NOTICE, refusedNotice, useCarriedNotice } from '../screen-notice.ts';
import { SelectBox } from '../SelectBox.tsx';
import { ProductBulkBar } from './ProductBulkBar.tsx';
import { useProductSelection } from './product-selection.ts';

interface ProductSummary {
  id: string;
  title: string;
  productType: number;
  visible: boolean;
  variantCount: number;
  stock: number | null;
  lowestPriceCents: number;
  /** What the dearest variant sells for now (absent from an older server): above the lowest, the price is "from" it. */
  highestPriceCents?: number;
  imageUrl: string | null;
  /** A product with a plan: a subscription, as the editor calls it, whatever its type code (absent from an older server). */
  subscription?: boolean;
}

const TYPE_NAMES: Record<number, string> = {
  1: ADMIN.productTypes.physical, 2: ADMIN.productTypes.digital, 3: ADMIN.productTypes.service, 4: ADMIN.productTypes.giftCard, 5: ADMIN.productTypes.subscription,
};

/** The stock at a glance: by the type first, so a digital product or gift card holding 0 is never shown sold out. */
function StockCell({ product }: { product: ProductSummary }) {
  if (!typeTakesStock(product.productType)) return <td role="cell" data-label={ADMIN.stock}>{ADMIN.alwaysAvailable}</td>;
  return (
    <td role="cell" data-label={ADMIN.stock} className={product.stock === 0 ? 'admin-out' : undefined}>
      {product.stock === null ? ADMIN.unlimitedStock : product.stock}
    </td>
  );
}

/** The price at a glance: the lowest, "from" it where the variants sell at different prices, as the shop writes it. */
function priceText(product: ProductSummary, currency: string, moneyFormat: MoneyFormat | null): string {
  const lowest = formatMoney(product.lowestPriceCents, currency, moneyFormat);
  return product.highestPriceCents !== undefined && product.highestPriceCents > product.lowestPriceCents ? ADMIN.priceFrom(lowest) : lowest;
}

interface ProductsAnswer {
  products: ProductSummary[];
  hasMore: boolean;
  /** How many products the search and filters find, over all pages (absent from an older server). */
  total?: number;
  /** The owner's running-low figure, for the filter's label. */
  lowStock?: number;
}

/** Whether a filter (not the search) keeps to some products. */
function filterSet(fields: ProductListFields): boolean {
  return fields.type !== '' || fields.visible !== '' || fields.category !== '' || fields.stock !== '';
}

/** The count above the list: the shop's products, or those the search or filters find. */
function countText(total: number, fields: ProductListFields): string {
  if (fields.q !== '') return ADMIN.productsMatchWords(total, fields.q);
  return filterSet(fields) ? ADMIN.productsMatchFilters(total) : ADMIN.productCount(total);
}

type MoveTo = 'top' | 'up' | 'down' | 'bottom';

interface MoveAnswer {
  moved: boolean;
  /** The product's place now in the whole shop's order, from 1, of `total`. */
  position: number;
  total: number;
  message: string;
}

const MOVE_LABELS: Record<MoveTo, string> = { top: ADMIN.moveToTop, up: ADMIN.moveUpShort, down: ADMIN.moveDownShort, bottom: ADMIN.moveToBottom };
/** The button to hold the focus after a move, by the one pressed: itself, or the row's other way once it reached an end. */
/** A press on another product this soon after a move's list was shown is a double tap's second (ms). */
const DOUBLE_TAP_MS = 600;

const FOCUS_AFTER_MOVE: Record<MoveTo, readonly MoveTo[]> = { top: ['top', 'down'], up: ['up', 'down'], down: ['down', 'up'], bottom: ['bottom', 'up'] };

export function ProductsScreen({ navigate, canEdit }: { navigate: Navigate; canEdit: boolean }) {
  const [address, setAddress] = useAddressQuery();
  const fields = productListFields(address);
  const { offset } = pageOf(address, ADMIN_PAGE_SIZE);
  const filterQuery = new URLSearchParams(Object.entries(fields).filter(([, value]) => value !== '')).toString();
  const { data, error, loading, reload } = useCall<ProductsAnswer>(
    `/api/admin/products?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${filterQuery ? `&${filterQuery}` : ''}`,
  );
  // the search box, whose words a filter or sort takes as it shows them: emptied, no search
  const searchBox = useRef<HTMLInputElement>(null);
  // another search, filter or sort starts again from the first page
  const filter = (changed: Partial<ProductListFields>) => setAddress({ ...fields, q: searchBox.current?.value.trim() ?? fields.q, ...changed, page: '' });
  const toPage = (next: number) => setAddress({ ...fields, page: next === 0 ? '' : String(next / ADMIN_PAGE_SIZE + 1) });
  // a product opened from the list keeps the list's filters and page, for its way back
  const productPath = (productId: string) => `${ADMIN_PATHS.product(productId)}${productsListQuery(address)}`;
  const currency = useStoreCurrency();
  const moneyFormat = useStoreMoneyFormat();
  // what the editor left on its way here: "Harbour Jacket deleted."
  const [notice, setNotice] = useCarriedNotice();
  // the shop's categories: the filter offers them, and so does a bulk action's category
  const categoryChoices = useCall<{ categories: string[] }>('/api/admin/product-categories');
  const categories = categoryChoices.data?.categories ?? [];
  // the products chosen for a bulk action: a new search or filter starts afresh (not a sort or a page)
  const selection = useProductSelection(JSON.stringify([fields.q, fields.type, fields.visible, fields.category, fields.stock]));
  const pageIds = data?.products.map((product) => product.id) ?? [];

  const filtered = fields.q !== '' || filterSet(fields);
  const shopOrderShown = fields.sort === '' || fields.sort === 'shop';
  const moves: readonly MoveTo[] = !canEdit || !shopOrderShown ? [] : filtered ? ['top', 'bottom'] : ['top', 'up', 'down', 'bottom'];
  // the product whose move is on its way (every move button waits meanwhile: no double move on a double tap)
  const [moving, setMoving] = useState<string | null>(null);
  const [moveNotice, setMoveNotice] = useState('');
  const [moveError, setMoveError] = useState('');
  // the move answered, waiting for the list that shows it (`before`: the list shown when it was asked)
  const moveShown = useRef<{ productId: string; to: MoveTo; before: ProductsAnswer | null } | null>(null);
  // then the button to focus once its row is back and usable
  const focusWanted = useRef<{ productId: string; to: MoveTo } | null>(null);
  // when the last move's list was shown, and whose it was: a double tap's second tap lands after the
  // list moved, on the neighbour that took the row's place, and would move it back; a press on
  // another product that soon is taken for that tap (the keyboard's presses follow the moved
  // product, whose button keeps the focus, so they are never held back)
  const lastMove = useRef<{ productId: string; shownAt: number } | null>(null);
  const tableBox = useRef<HTMLTableElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const shown = moveShown.current;
    if (shown === null || loading || (data === shown.before && error === '')) return;
    moveShown.current = null;
    focusWanted.current = { productId: shown.productId, to: shown.to };
    lastMove.current = { productId: shown.productId, shownAt: performance.now() };
    setMoving(null);
  }, [data, loading, error]);

  useEffect(() => {
    const wanted = focusWanted.current;
    if (wanted === null || moving !== null) return;
    focusWanted.current = null;
    const row = Array.from(tableBox.current?.querySelectorAll<HTMLElement>('tr[data-product-id]') ?? []).find((candidate) => candidate.dataset.productId === wanted.productId);
    const buttons = Array.from(row?.querySelectorAll<HTMLButtonElement>('button[data-move]') ?? []).filter((button) => !button.disabled);
    const button = FOCUS_AFTER_MOVE[wanted.to].map((to) => buttons.find((candidate) => candidate.dataset.move === to)).find((found) => found !== undefined) ?? buttons[0];
    // the product left the list meanwhile (another member of staff's change): the list's heading
    (button ?? heading.current)?.focus();
  });

  const page = Math.floor(offset / ADMIN_PAGE_SIZE) + 1;

  async function move(product: ProductSummary, to: MoveTo) {
    if (moving !== null) return;
    const last = lastMove.current;
    if (last !== null && last.productId !== product.id && performance.now() - last.shownAt < DOUBLE_TAP_MS) return;
    setMoving(product.id);
    setMoveError('');
    // what the editor left ("Harbour Jacket deleted.") is past news beside a move's
    setNotice(NO_NOTICE);
    const answer = await adminCall<MoveAnswer>('POST', `/api/admin/products/${encodeURIComponent(product.id)}/move`, { to });
    if (!answer.ok) {
      setMoveNotice('');
      setMoveError(answer.message);
      focusWanted.current = { productId: product.id, to };
      setMoving(null);
      return;
    }
    const { moved, position, total } = answer.data;
    // the page of this list the product is on now: by its place in the whole shop, or, filtered,
    // the first or the last page (Top and Bottom are all a filtered list offers)
    const lastPage = Math.max(1, Math.ceil((data?.total ?? offset + ADMIN_PAGE_SIZE) / ADMIN_PAGE_SIZE));
    const pageNow = !moved ? page : !filtered ? Math.ceil(position / ADMIN_PAGE_SIZE) : to === 'top' ? 1 : to === 'bottom' ? lastPage : page;
    setMoveNotice(!moved ? answer.data.message
      : pageNow !== page ? ADMIN.productMovedToPage(product.title, position, total, pageNow) : ADMIN.productMoved(product.title, position, total));
    moveShown.current = { productId: product.id, to, before: data };
    if (pageNow !== page) toPage((pageNow - 1) * ADMIN_PAGE_SIZE);
    else reload();
  }

  // a bulk action done: its line in the screen's notice area (the heading above it takes the
  // focus, as the controls pressed are gone with the selection), the same list again
  const listBeforeBulk = useRef<ProductsAnswer | null | undefined>(undefined);
  function bulkDone(message: string) {
    setMoveNotice('');
    setMoveError('');
    setNotice({ text: message, kind: 'info' });
    selection.clear();
    listBeforeBulk.current = data;
    reload();
    categoryChoices.reload();
    heading.current?.focus();
  }
  // refused, nothing changed: the selection stays for another try, over the list as it is now
  function bulkRefused(message: string, status: number) {
    setNotice(refusedNotice({ status, message }));
    reload();
  }
  // products deleted from the last pages: once the list is back, its last page that still has any
  useEffect(() => {
    const before = listBeforeBulk.current;
    if (before === undefined || loading || !data || data === before) return;
    listBeforeBulk.current = undefined;
    if (data.products.length === 0 && offset > 0 && data.total !== undefined) toPage(Math.max(0, Math.ceil(data.total / ADMIN_PAGE_SIZE) - 1) * ADMIN_PAGE_SIZE);
  });

  /** Whether the row at `index` of this page is at the end `to` moves towards (the whole shop shown: no filter). */
  const atEnd = (index: number, to: MoveTo): boolean => {
    if (filtered) return false;
    const place = offset + index;
    if (to === 'top' || to === 'up') return place === 0;
    return data !== null && !data.hasMore && index === data.products.length - 1;
  };

  return (
    <section aria-labelledby="products-title">
      <div className="admin-toolbar">
        <h1 id="products-title" ref={heading} tabIndex={-1}>{ADMIN.screens.products}</h1>
        <span className="admin-actions">
          <a href="/api/admin/products.csv" download>{ADMIN.exportCsv}</a>
          {canEdit ? <button type="button" onClick={() => navigate(`${ADMIN_PATHS.newProduct}${productsListQuery(address)}`)}>{ADMIN.newProduct}</button> : null}
        </span>
      </div>
      {canEdit ? <ProductImport onImported={() => { if (offset === 0) reload(); else toPage(0); }} /> : null}
      <Notice text={notice.text} kind={notice.kind} />
      <SearchForm id="product-search" hint={ADMIN.productSearchHint} initialWords={fields.q} inputRef={searchBox} onSearch={(words) => filter({ q: words })} />
      <ProductListFilters fields={fields} categories={categories} lowStock={data?.lowStock ?? null} onChange={filter} />
      <Notice text={error} kind="error" />
      {canEdit ? <p className="admin-hint">{!shopOrderShown ? ADMIN.shopOrderOtherSort : filtered ? ADMIN.shopOrderFilteredHint : ADMIN.shopOrderHint}</p> : null}
      {/* present before any move, so that what a move says is read out */}
      {moves.length > 0 ? <p className="admin-move-status" role="status" aria-live="polite">{moveNotice}</p> : null}
      <Notice text={moveError} kind="error" />
      {loading && !data ? <p>{ADMIN.loading}</p> : null}
      {data?.total !== undefined ? <p className="admin-list-count" role="status">{countText(data.total, fields)}</p> : null}
      {data && data.products.length === 0 ? <p>{ADMIN.noProducts}</p> : null}
      {/* a viewer's role reads the list only: no boxes, no actions */}
      {canEdit && data && data.total !== undefined && data.products.length > 0 ? (
        <ProductBulkBar
          selection={selection} pageIds={pageIds} total={data.total} filtered={filtered} fields={fields} categories={categories}
          onDone={bulkDone} onRefused={bulkRefused}
        />
      ) : null}
      {data && data.products.length > 0 ? (
        <TableRegion label={ADMIN.screens.products}>
          {/* the roles are said outright: a table drawn as cards (display: block) stays a table to screen readers */}
          <table role="table" className="admin-table admin-table--cards admin-products" ref={tableBox}>
            <CardTableHead columns={[
              ...(canEdit ? [<Fragment key="select">
                <span className="admin-bulk-header-box">
                  <SelectBox label={ADMIN.productBulk.selectPage} checked={pageIds.every((id) => selection.isSelected(id))}
                    mixed={pageIds.some((id) => selection.isSelected(id))} onChange={(checked) => selection.setPage(pageIds, checked)} />
                </span>
                {/* the column keeps a name where its box is not shown (a phone's cards) */}
                <span className="admin-hidden">{ADMIN.productBulk.selectColumn}</span>
              </Fragment>] : []),
              ADMIN.title, ADMIN.productType, ADMIN.status, ADMIN.stock, ADMIN.price, ...(moves.length > 0 ? [ADMIN.shopOrderColumn] : []),
            ]} />
            <tbody role="rowgroup">
              {data.products.map((product, index) => (
                <tr role="row" key={product.id} data-product-id={product.id}>
                  {canEdit ? (
                    <td role="cell" className="admin-select-cell">
                      <SelectBox label={ADMIN.productBulk.selectProduct(product.title)} checked={selection.isSelected(product.id)}
                        onChange={(checked) => selection.setOne(product.id, checked, pageIds)} />
                    </td>
                  ) : null}
                  {/* the row's header, and on a phone its card's heading */}
                  <th role="rowheader" scope="row" className="admin-product-title">
                    <AdminLink to={productPath(product.id)} navigate={navigate}>{product.title}</AdminLink>
                    {' '}<small className="admin-hint admin-variant-count">{ADMIN.variantCount(product.variantCount)}</small>
                  </th>
                  <td role="cell" data-label={ADMIN.productType}>{product.subscription ? ADMIN.productTypes.subscription : TYPE_NAMES[product.productType] ?? ''}</td>
                  <td role="cell" data-label={ADMIN.status}>{product.visible ? ADMIN.visible : ADMIN.hidden}</td>
                  <StockCell product={product} />
                  <td role="cell" data-label={ADMIN.price} className="admin-product-price">{priceText(product, currency, moneyFormat)}</td>
                  {moves.length > 0 ? (
                    <td role="cell" className="admin-move-cell">
                      {/* side by side, two and two where the table is narrow (a tablet), a row across a phone's card */}
                      <div className="admin-move-buttons">
                        {moves.map((to) => (
                          <button
                            key={to} type="button" data-move={to} aria-label={ADMIN.moveProduct[to](product.title)}
                            disabled={moving !== null || atEnd(index, to)} onClick={() => void move(product, to)}
                          >{MOVE_LABELS[to]}</button>
                        ))}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.products.length} hasMore={data.hasMore} total={data.total} onPage={toPage} /> : null}
    </section>
  );
}
