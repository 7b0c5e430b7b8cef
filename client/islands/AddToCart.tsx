/**
 * Add to cart (product page and product cards): variant dropdowns, quantity,
 * the button's idle → 'Adding…' → 'Added!' → idle cycle, errors in an alert,
 * express checkout, subscriptions, gift cards, extra-fields forms, the
 * variant image swap and the restock sign-up for a sold-out variant.
 * The page follows the selected variant: its price (written into the
 * template's price area), its low-stock message (the engine's hidden
 * per-variant scarcity views), a "Sold out" label instead of the button and
 * no instalment offer when it has no stock; the dropdowns mark the choices
 * that are sold out.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert } from '../components/Alert.tsx';
import { ExtraFieldsLightbox, type ExtraFieldsForm } from '../components/ExtraFieldsLightbox.tsx';
import RestockSignup, { type RestockSignupProps } from './RestockSignup.tsx';
import Instalments, { type InstalmentsProps } from './Instalments.tsx';
import { ADD_TO_CART, ALERT_TITLE, BUTTON, PRICE_LABEL, selectVariantLabel, soldOutOptionLabel } from '../lib/messages.ts';
import { formatMoney, type MoneyFormat } from '../lib/money.ts';
import {
  checkVariantSelection, findVariant, isOptionValueSoldOut, isStockEnough, parseQuantity, QUANTITY_MAX, QUANTITY_MIN,
} from '../lib/rules.ts';
import { addCartEntry, fetchCart, fetchStock, startSubscription } from '../lib/store-calls.ts';
import { publishCart, quantityInCart, shouldLoadCart, subscribeCart, type ShoppingCart } from '../lib/cart.ts';
import { PAGE_PATHS } from '../lib/api-paths.ts';
import { navigation } from '../lib/navigation.ts';
import { trackAddToCart } from '../lib/tracking.ts';
import { readPageContext } from '../lib/page-context.ts';

export const BUTTON_DELAYS = { afterErrorMs: 1000, beforeAddedMs: 1000, addedToIdleMs: 2000 } as const;
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

export default function AddToCart(props: AddToCartProps) {
  const optionNames = useMemo(() => props.variantOptions.map((o) => o.name), [props.variantOptions]);
  const isGiftCard = props.productType === GIFT_CARD_TYPE;
  const [selected, setSelected] = useState<Record<string, string>>({});
  const [giftSku, setGiftSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [state, setState] = useState<ButtonState>('idle');
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const cartRef = useRef<ShoppingCart | null>(null);
  const pendingSku = useRef<string | null>(null);
  const [priceArea, setPriceArea] = useState<HTMLElement | null>(null);
  const soldOutText = props.soldOutText ?? BUTTON.soldOut;
  const money = (cents: number): string => formatMoney(cents, props.currency, props.moneyFormat);

  useEffect(() => {
    const unsubscribe = subscribeCart((cart) => {
      cartRef.current = cart;
    });
    setReady(true);
    return () => {
      unsubscribe();
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, []);

  const chosenVariant = isGiftCard
    ? props.variants.find((v) => v.sku === giftSku) ?? null
    : optionNames.length === 0
      ? props.variants[0] ?? null
      : findVariant(props.variants, optionNames, selected);

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

  // The product image follows the selected variant.
  useEffect(() => {
    if (!chosenVariant?.imageUrl) return;
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

  const showError = (message: string): void => {
    setAlert({ title: alertTitle, message });
    setState('error');
    later(BUTTON_DELAYS.afterErrorMs, () => setState('idle'));
  };

  const addEntry = async (sku: string, qty: number, additionalFields: string | null): Promise<string | null> => {
    setState('adding');
    const result = await addCartEntry({ itemId: props.itemId, sku, quantity: qty, additionalFields });
    if (!result.ok) {
      showError(result.message);
      return result.message;
    }
    cartRef.current = result.data;
    publishCart(result.data);
    trackAddToCart(readPageContext(), { itemId: props.itemId, sku, quantity: qty });
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

  const currentCart = async (): Promise<ShoppingCart | null> => {
    if (cartRef.current || !shouldLoadCart()) return cartRef.current;
    const answer = await fetchCart();
    if (answer.ok) cartRef.current = answer.data;
    return cartRef.current;
  };

  const onClick = async (): Promise<void> => {
    // Adding, added and the error pause all ignore clicks.
    if (state !== 'idle') return;
    setAlert(null);
    if (isGiftCard) {
      if (!chosenVariant) {
        showError(ADD_TO_CART.giftCardDenomination);
        return;
      }
      navigation.assign(PAGE_PATHS.giftCard(props.itemId, chosenVariant.sku));
      return;
    }
    const check = checkVariantSelection(props.variants, optionNames, selected);
    if (!check.ok) {
      showError(check.message);
      return;
    }
    let qty = 1;
    if (props.showQuantity) {
      const parsed = parseQuantity(quantity);
      if (!parsed.ok) {
        showError(parsed.message);
        return;
      }
      qty = parsed.value;
    }
    const sku = check.variant.sku;
    if (props.isSubscribable) {
      setState('adding');
      const answer = await startSubscription({ itemId: props.itemId, sku, qty, additionalFields: null });
      if (answer.ok && answer.data?.cartToken) navigation.assign(PAGE_PATHS.subscription(answer.data.cartToken));
      else showError(answer.ok ? ADD_TO_CART.variantUnavailable : answer.message);
      return;
    }
    if (props.additionalFieldsForm) {
      setState('adding');
      const [stock, cart] = await Promise.all([fetchStock(props.itemId), currentCart()]);
      if (!stock.ok) {
        showError(stock.message);
        return;
      }
      const results = stock.data?.results ?? [];
      const variant = props.variants.find((v) => v.sku === sku);
      const result = results.find((r) => r.sku === sku || (variant && r.variantId === variant.id)) ?? results[0];
      if (!result || !isStockEnough(result, quantityInCart(cart, props.itemId, sku) + qty - 1)) {
        showError(ADD_TO_CART.notEnoughStock);
        return;
      }
      setState('idle');
      pendingSku.current = sku;
      setLightboxOpen(true);
      return;
    }
    await addEntry(sku, qty, null);
  };

  const soldOutSelection = chosenVariant && !isGiftCard && isSoldOut(chosenVariant) ? chosenVariant : null;
  const label = state === 'adding' ? BUTTON.adding : state === 'added' ? BUTTON.added
    : props.buttonText ?? (props.isSubscribable ? BUTTON.subscribe : BUTTON.addToCart);
  const priceCents = chosenVariant ? priceOf(chosenVariant) : props.variants[0] ? priceOf(props.variants[0]) : 0;

  return (
    <div className={ready ? 'product-add-to-cart is-ready' : 'product-add-to-cart'} data-item-id={props.itemId}>
      {isGiftCard ? (
        <label className="variant-option">
          <span className="variant-option__title">{ADD_TO_CART.selectDenomination}</span>
          <select value={giftSku} onChange={(e) => setGiftSku(e.target.value)} aria-label={ADD_TO_CART.selectDenomination}>
            <option value="">{ADD_TO_CART.selectDenomination}</option>
            {props.variants.map((v) => <option key={v.sku} value={v.sku}>{money(v.priceCents)}</option>)}
          </select>
        </label>
      ) : props.variantOptions.map((option) => (
        <label key={option.name} className="variant-option">
          <span className="variant-option__title">{option.name}</span>
          <select value={selected[option.name] ?? ''} aria-label={option.name}
            onChange={(e) => setSelected((current) => ({ ...current, [option.name]: e.target.value }))}>
            <option value="">{selectVariantLabel(option.name)}</option>
            {option.values.map((value) => (
              <option key={value} value={value}>
                {isOptionValueSoldOut(props.variants, optionNames, selected, option.name, value) ? soldOutOptionLabel(value, soldOutText) : value}
              </option>
            ))}
          </select>
        </label>
      ))}
      {props.showQuantity && !isGiftCard && (
        <label className="product-quantity-input">
          <span>{BUTTON.quantity}</span>
          <input type="number" min={QUANTITY_MIN} max={QUANTITY_MAX} step={1} value={quantity} aria-label={BUTTON.quantity}
            onChange={(e) => setQuantity(e.target.value)} />
        </label>
      )}
      {props.instalments && !soldOutSelection && (
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
        <button type="button" className="sqs-add-to-cart-button" data-state={state}
          aria-disabled={state !== 'idle' ? true : undefined} onClick={() => void onClick()}>
          {label}
        </button>
      )}
      {alert && <Alert title={alert.title} message={alert.message} onDismiss={() => setAlert(null)} />}
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
            await addEntry(sku, qty, additionalFields);
            return null;
          }}
        />
      )}
    </div>
  );
}
