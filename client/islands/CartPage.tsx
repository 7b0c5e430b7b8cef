/**
 * The full cart page: each line with its picture, unit price, variant and
 * extra-field answers; change quantity, remove (after a confirm dialog), edit
 * an entry's extra fields, totals. A refused change shows the server's reason
 * (a line short of stock by name) and puts the box back to the stored quantity;
 * the focus stays in the box, and after a removal goes to the line that takes
 * its place. A box left for a Remove, an Edit or for Checkout (on a phone, one
 * tap) is saved first: they act once its change is through. A change made or a line removed
 * is announced in a polite status region with the new subtotal. Each update is surrounded
 * by the recalculate-start and recalculate-end page events. A quantity typed in
 * the server's markup before the island's script arrived is kept and saved;
 * Remove and Edit are disabled until the island is live, and with scripts off a
 * <noscript> line says the cart's changes need them.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../components/Alert.tsx';
import { useConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ExtraFieldsLightbox, type ExtraFieldsForm } from '../components/ExtraFieldsLightbox.tsx';
import { TotalWithTax } from '../components/TotalWithTax.tsx';
import Instalments, { type InstalmentsProps } from './Instalments.tsx';
import { ADD_TO_CART, BUTTON, CART, CART_STATUS, CHECKOUT, REQUEST, SCRIPT_NEEDED, addedItemDescription, notEnoughStockLeftMessage } from '../lib/messages.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { formatMoney, DEFAULT_CURRENCY, type MoneyFormat } from '../lib/money.ts';
import { navigation } from '../lib/navigation.ts';
import { parseQuantity, QUANTITY_MAX } from '../lib/rules.ts';
import { shippingCostText } from '../lib/shipping-cost.ts';
import { fetchCart, fetchStock, removeEntry, updateEntryFields, updateEntryQuantity } from '../lib/store-calls.ts';
import {
  RECALCULATE_END_EVENT, RECALCULATE_START_EVENT, publishCart, quantityInCart, shouldLoadCart, type CartEntry, type ShoppingCart,
} from '../lib/cart.ts';
import { cartEligibleForInstalments, PHYSICAL_PRODUCT_TYPE } from '../lib/instalments.ts';
import type { ApiFailure } from '../lib/api.ts';
import { focusableElements } from '../lib/focus.ts';

export const CART_ROOT_ID = 'sqs-cart-root';

export interface CartPageProps {
  cart: ShoppingCart | null;
  currency?: string;
  /** Extra-fields forms by form id, for editing entries. */
  forms?: Record<string, ExtraFieldsForm>;
  instalments?: Omit<InstalmentsProps, 'priceCents' | 'currency' | 'productType'> | null;
  /** The store's money format (the server's pages write money the same way). */
  moneyFormat?: MoneyFormat | null;
  /**
   * How many are left of each line whose quantity the stock no longer covers, by entry id (another
   * shopper bought them first): the checkout's refusal sends the shopper here to change those lines.
   */
  shortEntries?: Record<string, number>;
}

/**
 * What a refused change says: the server's own reason for a refusal (a catalogue text such as
 * not enough stock), the session and rate messages, the connection message; a server failure
 * gets the generic one (its text is not for shoppers).
 */
function detailFor(failure: ApiFailure): string {
  if (failure.kind === 'network') return REQUEST.checkConnection;
  if (failure.kind === 'server') return REQUEST.tryAgain;
  return failure.message !== '' ? failure.message : REQUEST.tryAgain;
}

/** A line's variant in words, as its row shows it: 'Size: M, Color: White'. */
function variantLabelOf(entry: CartEntry): string {
  return Object.entries(entry.chosenVariant.attributes ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ');
}

/**
 * Not enough stock for the quantity asked of a line: asks how many are left now, so the message
 * says how many the line can have, as the product page's does, and names the line (the message
 * stands above the whole cart). The line's own quantity is the one being replaced, so only the
 * cart's other lines of that variant count as already in the cart.
 */
async function notEnoughStockFor(entry: CartEntry, cart: ShoppingCart | null): Promise<string> {
  const stock = await fetchStock(entry.itemId);
  const result = stock.ok ? stock.data.results.find((item) => item.sku === entry.chosenVariant.sku) : undefined;
  if (!result || result.unlimited) return ADD_TO_CART.notEnoughStock;
  const elsewhere = quantityInCart(cart, entry.itemId, entry.chosenVariant.sku) - entry.quantity;
  return notEnoughStockLeftMessage(result.qtyInStock, Math.max(0, elsewhere), addedItemDescription(entry.title, variantLabelOf(entry), 1));
}

/** One saved answer as text: choices joined, name parts and address lines in order. */
function answerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((part) => typeof part === 'string' && part !== '').join(', ');
  if (value !== null && typeof value === 'object') {
    return Object.values(value).filter((part) => typeof part === 'string' && part !== '').join(' ');
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The entry's extra-field answers with their field titles, in the form's order; unanswered fields left out. */
function answersOf(entry: CartEntry, form: ExtraFieldsForm | undefined): Array<{ id: string; title: string; text: string }> {
  const saved = parseSavedFields(entry.additionalFields);
  if (!saved || !form) return [];
  return form.fields
    .map((field) => ({ id: field.id, title: field.title, text: answerText(saved[field.id]) }))
    .filter((answer) => answer.text !== '');
}

function parseSavedFields(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A line's control an alert is about, which takes the focus when the alert is closed. */
interface AlertSubject {
  entryId: string;
  control: 'quantity' | 'remove' | 'edit';
}
const CONTROL_CLASSES: Record<AlertSubject['control'], string> = {
  quantity: 'cart-row__quantity', remove: 'cart-row__remove', edit: 'cart-row__edit',
};

function EntryRow({ entry, form, money, busy, ready, left, onQuantity, onRemove, onEdit }: {
  entry: CartEntry; form: ExtraFieldsForm | undefined; money: (cents: number) => string; busy: boolean;
  /** Whether the island is live: until then Remove and Edit have no handler, and are disabled. */
  ready: boolean;
  /** How many are left when the line asks for more than that (the page's load), else undefined. */
  left: number | undefined;
  onQuantity: (entry: CartEntry, raw: string) => Promise<boolean>; onRemove: (entry: CartEntry) => void; onEdit: (entry: CartEntry) => void;
}) {
  const [draft, setDraft] = useState(String(entry.quantity));
  // A new stored quantity (a change accepted, or refused and put back) is what the box shows.
  const [stored, setStored] = useState(entry.quantity);
  if (stored !== entry.quantity) {
    setStored(entry.quantity);
    setDraft(String(entry.quantity));
  }
  const box = useRef<HTMLInputElement | null>(null);
  // One change at a time: 0 opens the remove dialog, whose focus blurs the box, and that blur must not ask again.
  const committing = useRef(false);
  const send = (typed: string): void => {
    if (committing.current || typed === String(entry.quantity)) return;
    // A box emptied and left asks for nothing: the line's quantity comes back, without a word. Text
    // that is no number, which a number box also reads as empty (badInput), is still refused.
    if (typed.trim() === '' && box.current?.validity.badInput !== true) {
      setDraft(String(entry.quantity));
      return;
    }
    committing.current = true;
    // A refused change leaves the stored quantity as it was: the box shows it again.
    void onQuantity(entry, typed).then((accepted) => {
      committing.current = false;
      if (!accepted) setDraft(String(entry.quantity));
    });
  };
  const commit = (): void => send(draft);
  // Taking over the server's markup: a quantity typed before the script arrived is still in the
  // box (hydration leaves its value alone) and becomes the draft before the first paint. Typed
  // and left already, it is sent now, as leaving the box would have done; still in the box, it
  // is sent on leaving it or on Enter.
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed === undefined || typed === String(entry.quantity)) return;
    setDraft(typed);
    if (document.activeElement !== box.current) send(typed);
    // Once, on taking over: later typing arrives through the box's handlers.
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return;
    // Left alone, this Enter's key press would go on to click whatever holds focus next: the remove
    // dialog's first button, which would close the dialog the moment it opens.
    event.preventDefault();
    commit();
  };
  const variantLabel = variantLabelOf(entry);
  const answers = answersOf(entry, form);
  const picture = entry.imageUrl ? <img className="cart-row__image" src={entry.imageUrl} alt="" width={72} height={48} loading="lazy" /> : null;
  return (
    <tr role="row" className="cart-row" data-entry-id={entry.id}>
      <td role="cell" className="cart-row__thumbnail">{picture && entry.fullUrl ? <a href={entry.fullUrl} tabIndex={-1} aria-hidden="true">{picture}</a> : picture}</td>
      <td role="cell" className="cart-row__title">
        {entry.fullUrl ? <a href={entry.fullUrl}>{entry.title}</a> : entry.title}
        {variantLabel !== '' && <div className="cart-row__variant">{variantLabel}</div>}
        <div className="cart-row__unit-price">{money(entry.purchasePriceCents)} {CART.each}</div>
        {/* as the checkout's summary marks it, until the quantity is one the stock covers */}
        {left !== undefined && entry.quantity > left && <strong className="cart-row__stock">{CHECKOUT.lineLeft(left)}</strong>}
        {answers.length > 0 && (
          <dl className="cart-row__answers">
            {answers.map((answer) => (
              <div key={answer.id}><dt>{answer.title}</dt><dd>{answer.text}</dd></div>
            ))}
          </dl>
        )}
        {/* never disabled once live, as Remove: a tap on it from a quantity box would be dropped; onEdit waits for the change */}
        {entry.additionalFieldsFormId && (
          <button type="button" className="cart-row__edit" onClick={() => onEdit(entry)} disabled={!ready} aria-disabled={busy}>{BUTTON.edit}</button>
        )}
      </td>
      <td role="cell">
        {/* a whole number: a phone opens its digits pad. Read-only, not disabled, while a change is
            saved: a disabled box drops the focus (and a phone its keypad) to the page's start. */}
        <input ref={box} type="number" inputMode="numeric" className="cart-row__quantity" min={0} max={QUANTITY_MAX} step={1} value={draft} readOnly={busy}
          aria-label={`${CART.quantityLabel}: ${entry.title}`}
          onChange={(e) => setDraft(e.target.value)} onBlur={commit} onKeyDown={onKeyDown} />
      </td>
      <td role="cell" className="cart-row__price">{money(entry.purchasePriceCents * entry.quantity)}</td>
      <td role="cell">
        {/* never disabled once live: a tap on it from a quantity box starts that box's change as it lands,
            and a button disabled meanwhile would drop the tap; onRemove waits for the change instead.
            Before that it has no handler (the server's markup, or scripts off): disabled, as Add to Cart is. */}
        <button type="button" className="cart-row__remove" onClick={() => onRemove(entry)} disabled={!ready} aria-disabled={busy}
          aria-label={`${BUTTON.remove}: ${entry.title}`}>{BUTTON.remove}</button>
      </td>
    </tr>
  );
}

export default function CartPage(props: CartPageProps) {
  const [cart, setCart] = useState<ShoppingCart | null>(props.cart);
  // the cart as the server last gave it, for a Remove that waited for a change (before the next render)
  const cartNow = useRef(cart);
  const showCart = (next: ShoppingCart): void => {
    cartNow.current = next;
    setCart(next);
  };
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const [alert, setAlert] = useState<{ title: string; message: string; about: AlertSubject } | null>(null);
  // What the last change did, for the status region: the totals change without a word otherwise.
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<CartEntry | null>(null);
  const confirmDialog = useConfirmDialog();
  const root = useRef<HTMLDivElement | null>(null);
  // The quantity change or removal under way (it settles to whether it went through): leaving a box
  // for a Remove or Checkout starts the box's change as the tap lands, and they wait for it.
  const underWay = useRef<Promise<boolean> | null>(null);
  const track = (change: Promise<boolean>): Promise<boolean> => {
    underWay.current = change;
    void change.finally(() => {
      if (underWay.current === change) underWay.current = null;
    });
    return change;
  };
  // After a removal the focus, left on a button now gone (or disabled meanwhile), goes to the row at
  // the removed one's place, else the row before it, else the empty cart's way back to the shop.
  const [focusRowAt, setFocusRowAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusRowAt === null) return;
    setFocusRowAt(null);
    const removes = root.current?.querySelectorAll<HTMLElement>('.cart-row__remove') ?? [];
    const target = removes.length > 0 ? removes[Math.min(focusRowAt, removes.length - 1)] : root.current?.querySelector<HTMLElement>('a');
    target?.focus();
  }, [focusRowAt]);
  const currency = cart?.currency ?? props.currency ?? DEFAULT_CURRENCY;
  const money = (cents: number): string => formatMoney(cents, currency, props.moneyFormat);

  useEffect(() => {
    if (props.cart || !shouldLoadCart()) return;
    void fetchCart().then((answer) => {
      if (answer.ok) showCart(answer.data);
    });
  }, [props.cart]);

  /**
   * Runs one update between the recalculate events; returns whether it went through. A change of
   * one line's quantity names that line, whose stock a refusal for stock then says.
   */
  const recalculate = async (
    title: string, call: () => Promise<{ ok: true; data: ShoppingCart } | ApiFailure>, about: AlertSubject, line?: CartEntry,
  ): Promise<boolean> => {
    setBusy(true);
    setAlert(null);
    setAnnouncement('');
    document.dispatchEvent(new CustomEvent(RECALCULATE_START_EVENT));
    const answer = await call();
    document.dispatchEvent(new CustomEvent(RECALCULATE_END_EVENT, { detail: { ok: answer.ok } }));
    if (!answer.ok) {
      const detail = detailFor(answer);
      const message = line && detail === ADD_TO_CART.notEnoughStock ? await notEnoughStockFor(line, cart) : detail;
      setBusy(false);
      setAlert({ title, message, about });
      return false;
    }
    setBusy(false);
    showCart(answer.data);
    publishCart(answer.data);
    return true;
  };

  // A line's control to take the focus once the cart has rendered again (see confirmAndRemove).
  const [focusControl, setFocusControl] = useState<AlertSubject | null>(null);
  useEffect(() => {
    if (focusControl === null) return;
    setFocusControl(null);
    alertSubjectElement(focusControl)?.focus();
  }, [focusControl]);

  /**
   * Whether the cart is as the shopper left it: the line removed, or kept on Cancel (false: the
   * removal failed). A removal asked for by a quantity of 0 gives the focus back to that quantity box
   * on Cancel: the box was left to ask, so the dialog had nothing to hand the focus back to.
   */
  const confirmAndRemove = async (entry: CartEntry, from: AlertSubject['control'] = 'remove'): Promise<boolean> => {
    const confirmed = await confirmDialog.confirm({
      // named, with its options and quantity: a cart of several sizes of one shirt has several lines alike
      title: CART.removeConfirmTitle,
      message: CART.removeConfirmMessage(addedItemDescription(entry.title, variantLabelOf(entry), entry.quantity)),
      confirmText: BUTTON.remove,
    });
    if (!confirmed) {
      if (from === 'quantity') setFocusControl({ entryId: entry.id, control: 'quantity' });
      return true;
    }
    const at = (cart?.entries ?? []).findIndex((line) => line.id === entry.id);
    const done = await recalculate(CART.removeItem, () => removeEntry(entry.id), { entryId: entry.id, control: 'remove' });
    setFocusRowAt(Math.max(0, at));
    if (done) {
      const item = addedItemDescription(entry.title, variantLabelOf(entry), 1);
      const left = cartNow.current;
      setAnnouncement(left && left.entries.length > 0 ? CART_STATUS.removed(item, money(left.subtotalCents)) : CART_STATUS.removedLast(item));
    }
    return done;
  };

  /**
   * A line's Remove: after the change under way (a box just left for it), the line as it is now
   * (its new quantity named), unless that change took it (a Remove tapped twice asks once).
   */
  const onRemove = async (entry: CartEntry): Promise<boolean> => {
    const now = await lineAfterChange(entry);
    return now === undefined || confirmAndRemove(now);
  };

  /** The line as it is once the change under way is through; undefined when that change took it. */
  const lineAfterChange = async (entry: CartEntry): Promise<CartEntry | undefined> => {
    await underWay.current;
    return cartNow.current?.entries.find((line) => line.id === entry.id);
  };

  /** Whether the change went through (false puts the row's box back to the stored quantity). */
  const changeQuantity = async (entry: CartEntry, raw: string): Promise<boolean> => {
    const parsed = parseQuantity(raw);
    if (!parsed.ok) {
      setAlert({ title: CART.updateQuantity, message: parsed.message, about: { entryId: entry.id, control: 'quantity' } });
      return false;
    }
    if (parsed.value <= 0) {
      await confirmAndRemove(entry, 'quantity');
      return false;
    }
    const done = await recalculate(CART.updateQuantity, () => updateEntryQuantity(entry.id, parsed.value), { entryId: entry.id, control: 'quantity' }, entry);
    if (done) {
      const subtotal = money(cartNow.current?.subtotalCents ?? 0);
      setAnnouncement(CART_STATUS.quantityUpdated(addedItemDescription(entry.title, variantLabelOf(entry), 1), parsed.value, subtotal));
    }
    return done;
  };

  /** A line's Edit: as Remove, after the change under way, the line as it is now, unless that change took it. */
  const onEdit = async (entry: CartEntry): Promise<void> => {
    const now = await lineAfterChange(entry);
    if (now === undefined) return;
    const form = now.additionalFieldsFormId ? props.forms?.[now.additionalFieldsFormId] : undefined;
    if (!form) {
      setAlert({ title: CART.openForm, message: REQUEST.tryAgain, about: { entryId: now.id, control: 'edit' } });
      return;
    }
    setEditing(now);
  };

  /** The control a closed alert was about; the line gone meanwhile, the cart's first control (the empty cart's way back to the shop). */
  const alertSubjectElement = (about: AlertSubject): HTMLElement | null => {
    const row = Array.from(root.current?.querySelectorAll<HTMLElement>('.cart-row') ?? []).find((line) => line.dataset.entryId === about.entryId);
    const control = row?.querySelector<HTMLElement>(`.${CONTROL_CLASSES[about.control]}`);
    return control ?? (root.current ? focusableElements(root.current).find((element) => !element.closest('.island-alert')) ?? null : null);
  };
  const alertElement = alert && (
    <Alert title={alert.title} message={alert.message} onDismiss={() => setAlert(null)} returnFocusTo={() => alertSubjectElement(alert.about)} />
  );
  // First in both the empty and the full cart, so the region stays the same element when the last
  // line goes: a live region put in anew is often not read.
  const status = <p className="visually-hidden" role="status">{announcement}</p>;
  const entries = cart?.entries ?? [];
  if (entries.length === 0) {
    return (
      <div id={CART_ROOT_ID} ref={root} className="cart-page is-empty">
        {status}
        <p>{CART.emptyCart}</p>
        <a href="/">{CART.continueShopping}</a>
        {alertElement}
        {confirmDialog.element}
      </div>
    );
  }
  const editForm = editing?.additionalFieldsFormId ? props.forms?.[editing.additionalFieldsFormId] : undefined;
  const productTypes = entries.map((entry) => entry.productType ?? PHYSICAL_PRODUCT_TYPE);
  return (
    <div id={CART_ROOT_ID} ref={root} className="cart-page" aria-busy={busy}>
      {status}
      {alertElement}
      {/* Roles set outright: on a phone the rows are drawn as grids, and a browser may then drop the table's semantics. */}
      <table role="table" className="cart-table" aria-label={CART.shoppingCart}>
        {/* headers a screen reader names each cell by; the design shows none, so they are visually hidden */}
        <thead role="rowgroup" className="cart-table__head">
          <tr role="row">
            {[CART.columns.picture, CART.columns.item, CART.columns.quantity, CART.columns.price, CART.columns.remove].map((heading) => (
              <th key={heading} role="columnheader" scope="col"><span className="visually-hidden">{heading}</span></th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} money={money} busy={busy} ready={ready} left={props.shortEntries?.[entry.id]}
              form={entry.additionalFieldsFormId ? props.forms?.[entry.additionalFieldsFormId] : undefined}
              onQuantity={(e, raw) => track(changeQuantity(e, raw))} onRemove={(e) => void track(onRemove(e))} onEdit={(e) => void onEdit(e)} />
          ))}
        </tbody>
      </table>
      {/* With scripts off the boxes and buttons above do nothing (the link to the checkout still works): say why. */}
      <noscript><p className="form-noscript">{SCRIPT_NEEDED.cart}</p></noscript>
      <dl className="cart-totals">
        <dt>{CART.subtotal}</dt><dd className="cart-subtotal">{money(cart?.subtotalCents ?? 0)}</dd>
        {(cart?.discountCents ?? 0) > 0 && (<><dt>{CART.discount}</dt><dd>-{money(cart!.discountCents)}</dd></>)}
        {/* the option the checkout offers first, free or not; none when nothing ships or no option can carry the cart */}
        {cart?.selectedShippingOption && (<><dt>{CART.shipping}</dt><dd className="cart-shipping">{shippingCostText(cart.shippingCostCents, money)}</dd></>)}
        <TotalWithTax tax={cart && cart.taxCents > 0 ? cart : null} money={money}>
          <dt>{CART.total}</dt><dd className="cart-grand-total">{money(cart?.grandTotalCents ?? cart?.subtotalCents ?? 0)}</dd>
        </TotalWithTax>
      </dl>
      {props.instalments && cartEligibleForInstalments(productTypes) && (
        <Instalments {...props.instalments} priceCents={cart?.grandTotalCents ?? 0} currency={currency}
          productType={PHYSICAL_PRODUCT_TYPE} moneyFormat={props.moneyFormat} />
      )}
      {/* a box left for Checkout is saved first, so the checkout has the quantity typed; a refused one
          keeps the shopper here with the reason */}
      <a className="cart-checkout" href="/checkout" onClick={(event) => {
        const change = underWay.current;
        if (change === null) return;
        event.preventDefault();
        void change.then((accepted) => {
          if (accepted) navigation.assign('/checkout');
        });
      }}>{BUTTON.checkout}</a>
      {editing && editForm && (
        <ExtraFieldsLightbox
          form={editForm}
          open
          submitText={BUTTON.save}
          initialValues={parseSavedFields(editing.additionalFields)}
          onClose={() => setEditing(null)}
          onSubmit={async (additionalFields) => {
            const entry = editing;
            const ok = await recalculate(CART.updateForm, () => updateEntryFields(entry.id, {
              itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields,
            }), { entryId: entry.id, control: 'edit' });
            if (ok) setEditing(null);
            return ok ? null : CART.updateForm;
          }}
        />
      )}
      {confirmDialog.element}
    </div>
  );
}
