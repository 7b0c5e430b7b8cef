/**
 * Add to cart (product page and product cards): variant dropdowns, quantity,
 * the button's idle → 'Adding…' → 'Added!' → idle cycle, errors in an alert,
 * express checkout, subscriptions, gift cards, extra-fields forms, the
 * variant image swap and the restock sign-up for a sold-out variant.
 * The page follows the selected variant: its price (written into the
 * template's price area), its low-stock message (the engine's hidden
 * per-variant scarcity views), a "Sold out" label instead of the button and
 * no instalment offer when it has no stock (nor on a subscription); the
 * dropdowns mark the choices that are sold out. The quantity box is bounded
 * by the chosen variant's stock.
 *
 * Before the island's script arrives the server's markup is on screen: the
 * shopper may already have chosen a variant or typed a quantity. On taking
 * over, the island reads those live values and keeps them; until then the
 * button is disabled, so a tap is never silently lost (with scripts off, a
 * <noscript> line beside it says why). A polite status region
 * announces adding and the result to screen readers (failures are alerts).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert } from '../components/Alert.tsx';
import { ExtraFieldsLightbox, type ExtraFieldsForm } from '../components/ExtraFieldsLightbox.tsx';
import RestockSignup, { type RestockSignupProps } from './RestockSignup.tsx';
import Instalments, { type InstalmentsProps } from './Instalments.tsx';
import { ADD_TO_CART, ADD_TO_CART_STATUS, ALERT_TITLE, BUTTON, PRICE_LABEL, SCRIPT_NEEDED, selectVariantLabel, soldOutOptionLabel } from '../lib/messages.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { formatMoney, type MoneyFormat } from '../lib/money.ts';
import { findVariant, isOptionValueSoldOut, missingOptions, parseQuantity, QUANTITY_MAX, QUANTITY_MIN } from '../lib/rules.ts';
import { subscribeCart, type ShoppingCart } from '../lib/cart.ts';
import {
  addToCart, BUTTON_DELAYS, checkBeforeAdding, checkStockBeforeForm, describeAddition, subscribeAndCheckOut,
} from '../lib/add-to-cart-steps.ts';
import { PAGE_PATHS } from '../lib/api-paths.ts';
import { navigation } from '../lib/navigation.ts';
import { showVariantImage } from '../lib/variant-image.ts';

export const GIFT_CARD_TYPE = 4;

export interface AddToCartVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  imageUrl?: string | null;
}

export interface AddToCartProps {
  itemId: string;
  productName: string;
  productType: number;
  currency: string;
  variantOptions: { name: string; values: string[] }[];
  variants: AddToCartVariant[];
  buttonText?: string;
  showQuantity?: boolean;
  expressCheckout?: boolean;
  isSubscribable?: boolean;
  additionalFieldsForm?: ExtraFieldsForm | null;
  /** Restock context; the sign-up shows for a sold-out selected variant when present. */
  restock?: Omit<RestockSignupProps, 'productId' | 'variantId'> | null;
  instalments?: Omit<InstalmentsProps, 'priceCents' | 'currency' | 'productType'> | null;
  /** CSS selector of the product image that follows the selected variant. */
  imageSelector?: string;
  /** The store's money format (the server's pages write money the same way). */
  moneyFormat?: MoneyFormat | null;
  /** The store's sold-out text (its custom text, else 'sold out'). */
  soldOutText?: string;
}

/** Page elements that belong to this product, found by a data attribute naming its id (no selector escaping needed). */
function elementsFor(attribute: string, itemId: string): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[${attribute}]`)).filter((element) => element.getAttribute(attribute) === itemId);
}

function sameAttributes(text: string | null, attributes: Record<string, string>): boolean {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed === null || typeof parsed !== 'object') return false;
    const entries = Object.entries(parsed as Record<string, unknown>);
    return entries.length === Object.keys(attributes).length && entries.every(([name, value]) => attributes[name] === value);
  } catch {
    return false;
  }
}

/** The selected variant's price, in the markup of the engine's product price. */
function VariantPrice({ variant, money }: { variant: AddToCartVariant; money: (cents: number) => string }) {
  const sale = variant.onSale === true && variant.salePriceCents !== undefined && variant.salePriceCents !== variant.priceCents;
  return (
    <div className="product-price product-price--variant" data-variant-id={variant.id}>
      {sale ? (
        <>
          <span className="visually-hidden">{PRICE_LABEL.sale}</span>{money(variant.salePriceCents!)}{' '}
          <span className="visually-hidden">{PRICE_LABEL.original}</span><span className="original-price">{money(variant.priceCents)}</span>
        </>
      ) : money(variant.priceCents)}
    </div>
  );
}

type ButtonState = 'idle' | 'adding' | 'added' | 'error';

function isSoldOut(variant: AddToCartVariant): boolean {
  return !variant.unlimited && variant.qtyInStock <= 0;
}

function priceOf(variant: AddToCartVariant): number {
  return variant.onSale && variant.salePriceCents !== undefined ? variant.salePriceCents : variant.priceCents;
}

/** The most the quantity box takes: the variant's stock when limited; before a choice, the most any variant has. */
function quantityLimit(variants: readonly AddToCartVariant[], chosen: AddToCartVariant | null): number {
  const candidates = chosen ? [chosen] : variants;
  if (candidates.length === 0 || candidates.some((variant) => variant.unlimited)) return QUANTITY_MAX;
  const most = Math.max(...candidates.map((variant) => variant.qtyInStock));
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, most));
}

/** What an alert is about: the choices to make, the quantity, or the add itself (its button). */
type AlertSubject = 'options' | 'quantity' | 'button';

export default function AddToCart(props: AddToCartProps) {
  const optionNames = useMemo(() => props.variantOptions.map((o) => o.name), [props.variantOptions]);
  const isGiftCard = props.productType === GIFT_CARD_TYPE;
  const [selected, setSelected] = useState<Record<string, string>>({});
  const [giftSku, setGiftSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [state, setState] = useState<ButtonState>('idle');
  // about: what the focus goes to when the alert is closed (its Close button goes with it);
  // untilChosen: it asks for choices not made yet, and goes once they are
  const [alert, setAlert] = useState<{ title: string; message: string; about: AlertSubject; untilChosen?: boolean } | null>(null);
  /** What the status region says (screen readers announce each change). */
  const [announcement, setAnnouncement] = useState('');
  const [lightboxOpen, setLightboxOpen] = useState(false);
  // the button is live once the island is (the layout effect below has taken over the controls by then)
  const ready = useHydrated();
  /** Stock the store reported after the page was rendered, by variant id. */
  const [liveStock, setLiveStock] = useState<Record<string, { qtyInStock: number; unlimited: boolean }>>({});
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const cartRef = useRef<ShoppingCart | null>(null);
  const pendingSku = useRef<string | null>(null);
  const optionSelects = useRef<Record<string, HTMLSelectElement | null>>({});
  const addButton = useRef<HTMLButtonElement | null>(null);
  const giftSelect = useRef<HTMLSelectElement | null>(null);
  const quantityInput = useRef<HTMLInputElement | null>(null);
  const [priceArea, setPriceArea] = useState<HTMLElement | null>(null);
  const soldOutText = props.soldOutText ?? BUTTON.soldOut;
  const money = (cents: number): string => formatMoney(cents, props.currency, props.moneyFormat);
  const variants = useMemo(
    () => props.variants.map((variant) => (liveStock[variant.id] ? { ...variant, ...liveStock[variant.id] } : variant)),
    [props.variants, liveStock],
  );

  // Taking over the server's markup: what the shopper chose or typed before the script arrived
  // is still in the controls (hydration leaves their values alone) and becomes the island's
  // state before the first paint.
  useLayoutEffect(() => {
    const chosen: Record<string, string> = {};
    for (const option of props.variantOptions) {
      const value = optionSelects.current[option.name]?.value ?? '';
      if (value !== '' && option.values.includes(value)) chosen[option.name] = value;
    }
    if (Object.keys(chosen).length > 0) setSelected((current) => ({ ...chosen, ...current }));
    const gift = giftSelect.current?.value ?? '';
    if (gift !== '' && props.variants.some((variant) => variant.sku === gift)) setGiftSku(gift);
    const typed = quantityInput.current?.value;
    if (typed !== undefined && typed !== '1') setQuantity(typed);
    // Once, on taking over: later changes arrive through the controls' handlers.
  }, []);

  useEffect(() => {
    const unsubscribe = subscribeCart((cart) => {
      cartRef.current = cart;
    });
    return () => {
      unsubscribe();
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, []);

  const chosenVariant = isGiftCard
    ? variants.find((v) => v.sku === giftSku) ?? null
    : optionNames.length === 0
      ? variants[0] ?? null
      : findVariant(variants, optionNames, selected);

  // Products with options show the chosen variant's price in the template's price area.
  const pricedByVariant = !isGiftCard && !props.isSubscribable && optionNames.length > 0;
  useEffect(() => {
    if (pricedByVariant) setPriceArea(elementsFor('data-product-price-for', props.itemId)[0] ?? null);
  }, [pricedByVariant, props.itemId]);
  const variantPrice = pricedByVariant && chosenVariant ? chosenVariant : null;
  useEffect(() => {
    priceArea?.classList.toggle('has-variant-price', variantPrice !== null);
  }, [priceArea, variantPrice]);

  // The engine renders one hidden low-stock message per scarce variant; the selected one shows.
  useEffect(() => {
    if (optionNames.length === 0) return;
    for (const area of elementsFor('data-product-scarcity-for', props.itemId)) {
      for (const view of Array.from(area.querySelectorAll<HTMLElement>('.product-scarcity[data-variant-attributes]'))) {
        view.hidden = !(chosenVariant && sameAttributes(view.getAttribute('data-variant-attributes'), chosenVariant.attributes));
      }
    }
  }, [chosenVariant, optionNames.length, props.itemId]);

  // The product image follows the selected variant: the page's gallery turns to it, a plain image takes its address.
  useEffect(() => {
    if (!chosenVariant?.imageUrl) return;
    showVariantImage(props.itemId, chosenVariant.imageUrl);
    const selector = props.imageSelector ?? `[data-product-image="${props.itemId}"]`;
    for (const image of Array.from(document.querySelectorAll<HTMLImageElement>(selector))) {
      image.removeAttribute('srcset');
      image.src = chosenVariant.imageUrl;
    }
  }, [chosenVariant?.imageUrl, props.imageSelector, props.itemId]);

  const later = (ms: number, action: () => void): void => {
    timers.current.push(setTimeout(action, ms));
  };

  const alertTitle = isGiftCard ? ALERT_TITLE.giftCard : props.expressCheckout ? ALERT_TITLE.expressCheckout : ALERT_TITLE.addItem;

  // 'Please select the Size and Color options' is out of date once both are chosen: it goes then,
  // rather than staying until the next press of the button.
  const choicesComplete = isGiftCard ? giftSku !== '' : missingOptions(optionNames, selected).length === 0;
  useEffect(() => {
    if (alert?.untilChosen && choicesComplete) setAlert(null);
  }, [alert, choicesComplete]);

  /**
   * What a closed alert hands the focus to: the first choice still to make, the quantity box, else
   * the button that raised it (a sold-out choice has none, and then the last choice made).
   */
  const alertSubjectElement = (about: AlertSubject): HTMLElement | null => {
    if (about === 'options') {
      const choices = isGiftCard ? [giftSelect.current] : optionNames.map((name) => optionSelects.current[name] ?? null);
      const unchosen = choices.find((select) => select !== null && select.value === '');
      if (unchosen) return unchosen;
    }
    if (about === 'quantity' && quantityInput.current) return quantityInput.current;
    return addButton.current ?? optionSelects.current[optionNames[optionNames.length - 1] ?? ''] ?? giftSelect.current;
  };

  const showError = (message: string, about: AlertSubject = 'button', untilChosen = false): void => {
    // The alert is announced at once; the status no longer says anything is under way.
    setAnnouncement('');
    setAlert({ title: alertTitle, message, about, untilChosen });
    setState('error');
    later(BUTTON_DELAYS.afterErrorMs, () => setState('idle'));
  };

  /** The variant in words, for the status region: 'Shirt (Size: M, Color: White)'. */
  const describe = (sku: string, qty: number): string =>
    describeAddition(props.productName, optionNames, props.variants.find((v) => v.sku === sku), qty);

  const addEntry = async (sku: string, qty: number, additionalFields: string | null): Promise<string | null> => {
    setState('adding');
    setAnnouncement(ADD_TO_CART_STATUS.adding(describe(sku, qty)));
    const variant = props.variants.find((v) => v.sku === sku);
    const outcome = await addToCart({ itemId: props.itemId, variant, sku, quantity: qty, additionalFields, cart: cartRef.current });
    if (!outcome.ok) {
      // the store had fewer than the page said: the box and the dropdowns follow what is left
      const left = outcome.stockLeft;
      if (left) setLiveStock((current) => ({ ...current, [left.variantId]: { qtyInStock: left.qtyInStock, unlimited: false } }));
      showError(outcome.message);
      return outcome.message;
    }
    cartRef.current = outcome.cart;
    setAnnouncement(ADD_TO_CART_STATUS.added(describe(sku, qty)));
    if (props.expressCheckout) {
      navigation.assign(PAGE_PATHS.checkout);
      return null;
    }
    later(BUTTON_DELAYS.beforeAddedMs, () => {
      setState('added');
      later(BUTTON_DELAYS.addedToIdleMs, () => setState('idle'));
    });
    return null;
  };

  /** A subscription skips the cart: the store makes it a cart of its own, checked out on the subscription page. */
  const subscribe = async (sku: string, qty: number, additionalFields: string | null): Promise<void> => {
    setState('adding');
    const refusal = await subscribeAndCheckOut(props.itemId, sku, qty, additionalFields);
    if (refusal) showError(refusal.message);
  };

  const onClick = async (): Promise<void> => {
    // Adding, added and the error pause all ignore clicks (and so does the button before it is live).
    if (state !== 'idle' || !ready) return;
    setAlert(null);
    if (isGiftCard) {
      if (!chosenVariant) {
        showError(ADD_TO_CART.giftCardDenomination, 'options', true);
        return;
      }
      navigation.assign(PAGE_PATHS.giftCard(props.itemId, chosenVariant.sku));
      return;
    }
    // Limited stock: the check says how many are left before asking the store (which checks again).
    const check = checkBeforeAdding({
      itemId: props.itemId, variants, optionNames, selected, quantityText: props.showQuantity ? quantity : null,
      cart: cartRef.current, ownCart: props.isSubscribable,
    });
    if (!check.ok) {
      // choices not made are the options' to fix (the alert goes once they are), anything else the quantity's
      const optionsMissing = missingOptions(optionNames, selected).length > 0;
      showError(check.message, optionsMissing ? 'options' : 'quantity', optionsMissing);
      return;
    }
    const { quantity: qty, variant } = check;
    const sku = variant.sku;
    // a product with a form (a subscription too) asks for its answers first: the store refuses one without its required answers
    if (props.additionalFieldsForm) {
      setState('adding');
      const stock = await checkStockBeforeForm(props.itemId, props.variants.find((v) => v.sku === sku), sku, qty, cartRef.current, props.isSubscribable);
      if (!stock.ok) {
        showError(stock.message);
        return;
      }
      cartRef.current = stock.cart;
      setState('idle');
      pendingSku.current = sku;
      setLightboxOpen(true);
      return;
    }
    if (props.isSubscribable) {
      await subscribe(sku, qty, null);
      return;
    }
    await addEntry(sku, qty, null);
  };

  const soldOutSelection = chosenVariant && !isGiftCard && isSoldOut(chosenVariant) ? chosenVariant : null;
  // A gift card is bought on its own (its page, then checkout), so its button does not say "Add to Cart".
  const label = state === 'adding' ? BUTTON.adding : state === 'added' ? BUTTON.added
    : props.buttonText ?? (isGiftCard ? BUTTON.buyNow : props.isSubscribable ? BUTTON.subscribe : BUTTON.addToCart);
  const priceCents = chosenVariant ? priceOf(chosenVariant) : variants[0] ? priceOf(variants[0]) : 0;
  const quantityMax = quantityLimit(variants, chosenVariant);

  return (
    <div className={ready ? 'product-add-to-cart is-ready' : 'product-add-to-cart'} data-item-id={props.itemId}>
      {isGiftCard ? (
        <label className="variant-option">
          <span className="variant-option__title">{ADD_TO_CART.selectDenomination}</span>
          <select ref={giftSelect} value={giftSku} onChange={(e) => setGiftSku(e.target.value)} aria-label={ADD_TO_CART.selectDenomination}>
            <option value="">{ADD_TO_CART.selectDenomination}</option>
            {props.variants.map((v) => <option key={v.sku} value={v.sku}>{money(v.priceCents)}</option>)}
          </select>
        </label>
      ) : props.variantOptions.map((option) => (
        <label key={option.name} className="variant-option">
          <span className="variant-option__title">{option.name}</span>
          <select value={selected[option.name] ?? ''} aria-label={option.name}
            ref={(element) => {
              optionSelects.current[option.name] = element;
            }}
            onChange={(e) => setSelected((current) => ({ ...current, [option.name]: e.target.value }))}>
            <option value="">{selectVariantLabel(option.name)}</option>
            {option.values.map((value) => (
              <option key={value} value={value}>
                {isOptionValueSoldOut(variants, optionNames, selected, option.name, value) ? soldOutOptionLabel(value, soldOutText) : value}
              </option>
            ))}
          </select>
        </label>
      ))}
      {props.showQuantity && !isGiftCard && !soldOutSelection && (
        <label className="product-quantity-input">
          <span>{BUTTON.quantity}</span>
          {/* a whole number: a phone opens its digits pad */}
          <input ref={quantityInput} type="number" inputMode="numeric" min={QUANTITY_MIN} max={quantityMax} step={1} value={quantity} aria-label={BUTTON.quantity}
            onChange={(e) => setQuantity(e.target.value)} />
        </label>
      )}
      {/* Subscriptions are billed every period: no offer to split the price into instalments. */}
      {props.instalments && !soldOutSelection && !props.isSubscribable && (
        <Instalments {...props.instalments} priceCents={priceCents} currency={props.currency} productType={props.productType} moneyFormat={props.moneyFormat} />
      )}
      {soldOutSelection ? (
        <>
          <button type="button" className="sqs-add-to-cart-button sqs-add-to-cart-button--sold-out" data-state="sold-out" disabled>
            {soldOutText}
          </button>
          {props.restock && (
            <RestockSignup key={soldOutSelection.id} {...props.restock} productId={props.itemId} variantId={soldOutSelection.id} />
          )}
        </>
      ) : (
        <>
          {/* Disabled until the island is live: the server's button has no handler, and a tap on it would be lost. */}
          <button ref={addButton} type="button" className="sqs-add-to-cart-button" data-state={state} disabled={!ready}
            aria-disabled={state !== 'idle' ? true : undefined} onClick={() => void onClick()}>
            {label}
          </button>
          {/* With scripts off the button stays disabled for good: say why, as the forms do. */}
          <noscript><p className="form-noscript">{SCRIPT_NEEDED.addToCart}</p></noscript>
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
      {alert && <Alert title={alert.title} message={alert.message} onDismiss={() => setAlert(null)} returnFocusTo={() => alertSubjectElement(alert.about)} />}
      {priceArea && variantPrice && createPortal(<VariantPrice variant={variantPrice} money={money} />, priceArea)}
      {props.additionalFieldsForm && (
        <ExtraFieldsLightbox
          form={props.additionalFieldsForm}
          open={lightboxOpen}
          onClose={() => setLightboxOpen(false)}
          onSubmit={async (additionalFields) => {
            const sku = pendingSku.current;
            if (!sku) return null;
            const qty = props.showQuantity ? (parseQuantity(quantity).ok ? Number(quantity) : 1) : 1;
            setLightboxOpen(false);
            if (props.isSubscribable) await subscribe(sku, qty, additionalFields);
            else await addEntry(sku, qty, additionalFields);
            return null;
          }}
        />
      )}
    </div>
  );
}
