/**
 * Inventory: every variant's stock in one table (found by title or SKU, or only those running
 * low), edited in place (a count, or Unlimited), with each variant's history opening right under
 * its row. On a phone each row is a card (`admin-table--cards`); each row says itself whether its
 * stock was saved, so one row's refusal never sits beside another's "saved".
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { adminCall } from '../admin-api.ts';
import { CardTableHead } from '../CardTableHead.tsx';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { isField, useEscapeCloses } from '../escape-closes.ts';
import { SearchForm } from '../SearchForm.tsx';
import { integerFromText } from '../../lib/money-input.ts';
import { NO_NOTICE, refusedNotice, useClearedOnSignIn, type ScreenNotice } from '../screen-notice.ts';
import { useCall } from '../use-call.ts';
import { pageOf, useAddressQuery } from '../use-address-query.ts';
import { TableRegion } from '../TableRegion.tsx';
import { StoreDate } from '../StoreDate.tsx';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import type { Navigate } from '../AdminApp.tsx';
import { orderLabel } from './OrdersScreen.tsx';
import { AdminLink } from '../AdminLink.tsx';

interface InventoryRow {
  productId: string; productTitle: string; variantId: string; sku: string; attributes: Record<string, string>; qtyInStock: number; unlimited: boolean;
  /** False for a digital product or gift card, which is never out of stock (absent from an older server). */
  stockKept?: boolean;
}
interface StockChange {
  delta: number; quantityAfter: number | null; reason: string; actor: string; orderId: string | null; createdOn: number;
  /** The order's number, as the Orders screen shows and finds it ("1003"). */
  orderNumber?: string | null;
  /** A switch between Unlimited and a count: true made unlimited, false counted again; null (or absent) a change of the count. */
  unlimitedAfter?: boolean | null;
}

/** What a history line changed: the switch in words, or the count's difference. */
function changeText(change: StockChange): string {
  if (change.unlimitedAfter === true) return ADMIN.switchedToUnlimited;
  if (change.unlimitedAfter === false) return ADMIN.switchedToCount;
  return change.delta > 0 ? `+${change.delta}` : String(change.delta);
}

interface Stock { qtyInStock: number; unlimited: boolean }

/** The variant's count now, from a refusal because it changed since it was shown. */
function currentCountIn(body: Record<string, unknown> | null): number | undefined {
  const current = Array.isArray(body?.currentStock) ? (body.currentStock as Array<{ qtyInStock?: unknown }>)[0]?.qtyInStock : undefined;
  return typeof current === 'number' ? current : undefined;
}

const COLUMNS = 5;

/**
 * A variant's stock: the count, saved when it is left or Enter is pressed, and the Unlimited
 * switch, saved when it is switched (the count is kept, and comes back when switched off). One
 * save at a time, in the order they were made, so a count typed just before the switch is saved
 * before it and the switch keeps it.
 */
function StockCell({ row, canEdit, reason, saved, onStale, onSaved }: {
  row: InventoryRow; canEdit: boolean; reason: string; saved: boolean; onStale: () => void; onSaved: () => void;
}) {
  const [value, setValue] = useState(String(row.qtyInStock));
  const [unlimited, setUnlimited] = useState(row.unlimited);
  // the row's own refusal
  const [refusal, setRefusal] = useState<ScreenNotice>(NO_NOTICE);
  const error = refusal.text;
  // what the server holds, as this cell last saved it or the list last said
  const stored = useRef<Stock>({ qtyInStock: row.qtyInStock, unlimited: row.unlimited });
  const typed = useRef(value);
  useEffect(() => {
    typed.current = value;
  }, [value]);
  // Signed in again after a save refused as signed out: "You must be signed in" is out of date, but
  // a count still typed is not saved, and the row says so. It is not sent again by itself: the
  // owner confirms it with Enter, against the count as it stands now (orders may have moved it).
  const signedInAgain = useCallback(() => {
    const unsaved = !stored.current.unlimited && typed.current.trim() !== String(stored.current.qtyInStock);
    setRefusal(unsaved ? { text: ADMIN.stockNotSaved, kind: 'error' } : NO_NOTICE);
  }, []);
  useClearedOnSignIn(refusal.signedOut === true, signedInAgain);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const errorId = useId();
  useEffect(() => {
    stored.current = { qtyInStock: row.qtyInStock, unlimited: row.unlimited };
    setValue(String(row.qtyInStock));
    setUnlimited(row.unlimited);
  }, [row.qtyInStock, row.unlimited]);

  /** The count the server holds after the save, or null when it was refused. */
  function put(stock: Stock): Promise<number | null> {
    const done = queue.current.then(async () => {
      onStale();
      // with the count shown, the server keeps what orders did since to a count left as it was,
      // and refuses a new one made against a count that has changed meanwhile
      const answer = await adminCall<Partial<Stock>>('PUT', `/api/admin/inventory/${encodeURIComponent(row.variantId)}`, {
        ...stock, qtyInStockWhenLoaded: stored.current.qtyInStock, reason,
      });
      if (!answer.ok) {
        const current = answer.status === 409 ? currentCountIn(answer.body) : undefined;
        // the owner has now seen the current count: Enter again saves the typed one over it
        if (current !== undefined) stored.current = { ...stored.current, qtyInStock: current };
        setRefusal(refusedNotice(answer, answer.fieldErrors.qtyInStock ?? answer.fieldErrors.unlimited ?? answer.message));
        return null;
      }
      // the count the server wrote: one left as shown is the store's own
      const saved = { qtyInStock: answer.data.qtyInStock ?? stock.qtyInStock, unlimited: answer.data.unlimited ?? stock.unlimited };
      stored.current = saved;
      setRefusal(NO_NOTICE);
      onSaved();
      return saved.qtyInStock;
    });
    queue.current = done;
    return done;
  }

  function saveCount() {
    if (unlimited) return;
    if (value.trim() === String(stored.current.qtyInStock) && !stored.current.unlimited) {
      setRefusal(NO_NOTICE);
      return;
    }
    void put({ qtyInStock: integerFromText(value), unlimited: false });
  }

  async function switchUnlimited(next: boolean) {
    // the count as typed when it is one, else the one kept
    const typed = integerFromText(value);
    const qtyInStock = Number.isInteger(typed) && typed >= 0 ? typed : stored.current.qtyInStock;
    setUnlimited(next);
    const saved = await put({ qtyInStock, unlimited: next });
    if (saved !== null) setValue(String(saved));
    else setUnlimited(stored.current.unlimited);
  }

  // nothing to count or edit: the shop sells it freely, whatever number it holds
  if (row.stockKept === false) return <span>{ADMIN.alwaysAvailable}</span>;
  if (!canEdit) {
    return row.unlimited
      ? <span>{ADMIN.unlimitedStock}</span>
      : <input aria-label={`${ADMIN.stock} ${row.sku}`} className="admin-stock-input" value={value} readOnly />;
  }
  return (
    <div className="admin-stock">
      <span className="admin-stock-controls">
        <input
          aria-label={`${ADMIN.stock} ${row.sku}`}
          className="admin-stock-input"
          inputMode="numeric"
          value={value}
          disabled={unlimited}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            if (saved) onStale();
          }}
          onBlur={saveCount}
          onKeyDown={(event) => { if (event.key === 'Enter') saveCount(); }}
        />
        <label className="admin-stock-unlimited">
          <input type="checkbox" aria-label={ADMIN.unlimitedOf(row.sku)} checked={unlimited} onChange={(event) => void switchUnlimited(event.target.checked)} />
          {ADMIN.unlimited}
        </label>
      </span>
      {/* always there, so that screen readers announce what comes into it */}
      <span role="status" className="admin-stock-status">{saved && !error ? ADMIN.stockSaved : ''}</span>
      {error ? <span id={errorId} className="admin-field-error" role="alert">{error}</span> : null}
    </div>
  );
}

/**
 * A variant's history, in the row under its own: a heading, a Close button (Escape too), and the
 * changes newest first. `version` moves when the variant's stock was saved, to read it again.
 */
/** A sale: made by the order's shopper, not by an account of the store (the server's actor says only `customer`). */
function isSale(change: StockChange): change is StockChange & { orderId: string } {
  return change.reason === 'order' && change.orderId !== null;
}

/** How the history names an order: a link into the admin, or (for a role that may not read orders) its number alone. */
interface OrderLinks { navigate: Navigate; canReadOrders: boolean }

/** The change's order by the number the Orders screen shows and finds, as a link to it when the role may open it. */
function OrderLink({ change, links }: { change: StockChange; links: OrderLinks }) {
  if (change.orderId === null) return null;
  const label = orderLabel({ id: change.orderId, orderNumber: change.orderNumber ?? null });
  if (!links.canReadOrders) return <>{label}</>;
  return <AdminLink to={ADMIN_PATHS.order(change.orderId)} navigate={links.navigate}>{label}</AdminLink>;
}

function HistoryRow({ row, id, version, links, onClose }: { row: InventoryRow; id: string; version: number; links: OrderLinks; onClose: () => void }) {
  const history = useCall<{ changes: StockChange[] }>(`/api/admin/inventory/${encodeURIComponent(row.variantId)}/history`);
  const region = useRef<HTMLElement>(null);
  const headingId = `${id}-title`;
  const firstVersion = useRef(version);
  const { reload } = history;
  useEffect(() => {
    if (version !== firstVersion.current) reload();
  }, [version, reload]);
  // on a phone the row may sit at the bottom of the window: bring the history into sight
  useEffect(() => {
    region.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  useEffect(() => {
    if (history.data) region.current?.scrollIntoView?.({ block: 'nearest' });
  }, [history.data]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <tr role="row" className="admin-history-row">
      <td role="cell" colSpan={COLUMNS}>
        <section id={id} ref={region} aria-labelledby={headingId} className="admin-history-panel" onKeyDown={onKeyDown}>
          <div className="admin-history-head">
            <h2 id={headingId}>{ADMIN.historyOf(row.sku)}</h2>
            <button type="button" aria-label={ADMIN.closeHistoryOf(row.sku)} onClick={onClose}>{ADMIN.closeHistory}</button>
          </div>
          <Notice text={history.error} kind="error" />
          {history.data && history.data.changes.length === 0 ? <p>{ADMIN.noHistory}</p> : null}
          {history.data && history.data.changes.length > 0 ? (
            <TableRegion label={ADMIN.history}>
              <table role="table" className="admin-table admin-table--cards admin-history">
                <CardTableHead columns={[ADMIN.when, ADMIN.change, ADMIN.stock, ADMIN.why, ADMIN.who]} />
                <tbody role="rowgroup">
                  {history.data.changes.map((change, index) => (
                    <tr role="row" key={index}>
                      <td role="cell" data-label={ADMIN.when}><StoreDate on={change.createdOn} /></td>
                      <td role="cell" data-label={ADMIN.change}>{changeText(change)}</td>
                      <td role="cell" data-label={ADMIN.stock}>{change.unlimitedAfter === true ? ADMIN.unlimitedStock : change.quantityAfter ?? ''}</td>
                      <td role="cell" data-label={ADMIN.why}>
                        {/* one piece, so a card's line keeps the link beside the reason; the order by its number, which the Orders screen shows and finds */}
                        <span>
                          {ADMIN.reasons[change.reason] ?? change.reason}
                          {change.orderId ? <>{' '}<OrderLink change={change} links={links} /></> : null}
                        </span>
                      </td>
                      <td role="cell" data-label={ADMIN.who}>{isSale(change) ? <span>{ADMIN.shopperOfOrder} <OrderLink change={change} links={links} /></span> : change.actor}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : history.data ? null : <p>{ADMIN.loading}</p>}
        </section>
      </td>
    </tr>
  );
}

export function InventoryScreen({ navigate, canEdit, canReadOrders }: { navigate: Navigate; canEdit: boolean; canReadOrders: boolean }) {
  // the search, the running-low filter and the page are kept in the address, as the other lists
  // keep theirs: Back, Forward, a reload or a shared link show the same rows
  const [address, setAddress] = useAddressQuery();
  const search = address.get('q') ?? '';
  const runningLow = address.get('stock') === 'low';
  const { offset } = pageOf(address, ADMIN_PAGE_SIZE);
  // the running-low switch takes the words the search box shows (an emptied box is no search), as
  // the Products screen's filters do; a page of the list keeps the search it shows
  const searchBox = useRef<HTMLInputElement>(null);
  const show = (fields: { q?: string; low?: boolean; offset?: number }) => {
    const next = fields.offset ?? 0;
    setAddress({
      q: fields.q ?? (fields.low !== undefined ? searchBox.current?.value.trim() : undefined) ?? search,
      stock: (fields.low ?? runningLow) ? 'low' : '',
      page: next === 0 ? '' : String(next / ADMIN_PAGE_SIZE + 1),
    });
  };
  const { data, error, reload } = useCall<{ variants: InventoryRow[]; hasMore: boolean; lowStock: number }>(
    `/api/admin/inventory?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${search ? `&q=${encodeURIComponent(search)}` : ''}${runningLow ? '&stock=low' : ''}`,
  );
  const [reason, setReason] = useState('owner-edit');
  // the variant whose stock was saved last, which says so in its row until the next save or edit
  const [savedId, setSavedId] = useState<string | null>(null);
  // the variant whose history is open under its row; how often each variant's stock was saved
  const [open, setOpen] = useState<string | null>(null);
  const [saves, setSaves] = useState<Record<string, number>>({});
  const historyButtons = useRef(new Map<string, HTMLButtonElement>());
  const idBase = useId();
  const historyId = (variantId: string) => `${idBase}-history-${variantId}`;
  // another search, filter or page lists other rows: the history closes
  const list = (change: () => void) => {
    change();
    setOpen(null);
  };
  const closeHistory = () => {
    const button = open === null ? undefined : historyButtons.current.get(open);
    setOpen(null);
    button?.focus();
  };
  // Escape closes it wherever the focus is (History keeps it once pressed), but not from a count's
  // field: the focus moving to History would leave the field, which saves what is typed there
  useEscapeCloses(open !== null, closeHistory, (event) => isField(event.target));

  return (
    <section aria-labelledby="inventory-title">
      <h1 id="inventory-title">{ADMIN.screens.inventory}</h1>
      {canEdit ? (
        // the menu is apart from the rows it applies to: its hint says what it does
        <Field label={ADMIN.stockReason} hint={ADMIN.stockReasonHint}>
          {(control) => (
            <select {...control} value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="owner-edit">{ADMIN.reasons['owner-edit']}</option>
              <option value="restock">{ADMIN.reasons.restock}</option>
            </select>
          )}
        </Field>
      ) : null}
      <SearchForm id="inventory-search" hint={ADMIN.inventorySearchHint} initialWords={search} inputRef={searchBox} onSearch={(words) => list(() => show({ q: words }))} />
      {/* the figure is the owner's setting, from the server: the switch appears with the first answer, which keeps it across reloads */}
      {data ? <CheckboxField label={ADMIN.runningLow(data.lowStock)} checked={runningLow} onChange={(checked) => list(() => show({ low: checked }))} /> : null}
      <Notice text={error} kind="error" />
      {data && data.variants.length === 0 ? <p>{ADMIN.noVariants}</p> : null}
      {data && data.variants.length > 0 ? (
        <TableRegion label={ADMIN.screens.inventory}>
          {/* the roles are said outright: a table drawn as cards (display: block) stays a table to screen readers */}
          <table role="table" className="admin-table admin-table--cards admin-inventory">
            <CardTableHead columns={[ADMIN.inventoryProduct, ADMIN.variant, ADMIN.sku, ADMIN.stock, ADMIN.history]} />
            <tbody role="rowgroup">
              {data.variants.flatMap((row) => {
                const isOpen = open === row.variantId;
                const cells = (
                  <tr role="row" key={row.variantId} data-sku={row.sku} className={isOpen ? 'admin-row--open' : undefined}>
                    <td role="cell" data-label={ADMIN.inventoryProduct}>{row.productTitle}</td>
                    <td role="cell" data-label={ADMIN.variant}>{Object.values(row.attributes).join(' / ')}</td>
                    <td role="cell" data-label={ADMIN.sku}>{row.sku}</td>
                    <td role="cell" data-label={ADMIN.stock}>
                      <StockCell
                        row={row}
                        canEdit={canEdit}
                        reason={reason}
                        saved={savedId === row.variantId}
                        onStale={() => setSavedId(null)}
                        onSaved={() => {
                          setSavedId(row.variantId);
                          setSaves((counts) => ({ ...counts, [row.variantId]: (counts[row.variantId] ?? 0) + 1 }));
                          reload();
                        }}
                      />
                    </td>
                    <td role="cell">
                      <button
                        type="button"
                        ref={(button) => {
                          if (button) historyButtons.current.set(row.variantId, button);
                          else historyButtons.current.delete(row.variantId);
                        }}
                        aria-label={ADMIN.historyOf(row.sku)}
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? historyId(row.variantId) : undefined}
                        onClick={() => setOpen(isOpen ? null : row.variantId)}
                      >
                        {ADMIN.history}
                      </button>
                    </td>
                  </tr>
                );
                return isOpen
                  ? [cells, <HistoryRow key={`${row.variantId}-history`} row={row} id={historyId(row.variantId)} version={saves[row.variantId] ?? 0} links={{ navigate, canReadOrders }} onClose={closeHistory} />]
                  : [cells];
              })}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.variants.length} hasMore={data.hasMore} onPage={(next) => list(() => show({ offset: next }))} /> : <p>{ADMIN.loading}</p>}
    </section>
  );
}
