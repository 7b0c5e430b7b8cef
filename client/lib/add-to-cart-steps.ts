/**
 * The steps of putting a product in the cart, shared by the AddToCart island and the script
 * behind the commerce formatters' markup (client/template-commerce/): the checks made before
 * asking the store (the options chosen, a whole quantity, enough left), the store's call with the
 * message of a refusal for stock, and what follows a success (every cart listener on the page told,
 * the analytics event). Each caller shows the outcome its own way.
 */
import { ADD_TO_CART, addedItemDescription, notEnoughStockLeftMessage } from './messages.ts';
import { checkVariantSelection, isStockEnough, parseQuantity, type VariantOption } from './rules.ts';
import { addCartEntry, fetchCart, fetchStock, startSubscription, type StockResult } from './store-calls.ts';
import { publishCart, quantityInCart, shouldLoadCart, type ShoppingCart } from './cart.ts';
import { PAGE_PATHS } from './api-paths.ts';
import { navigation } from './navigation.ts';
import { trackAddToCart } from './tracking.ts';
import { readPageContext } from './page-context.ts';

/** The button's pauses: after an error before it takes clicks again, before 'Added!', and from 'Added!' back to its label. */
export const BUTTON_DELAYS = { afterErrorMs: 1000, beforeAddedMs: 1000, addedToIdleMs: 2000 } as const;

/** A variant as the add needs it: its id and SKU besides what the rules read. */
export interface CartVariant extends VariantOption {
  id: string;
}

export type Refusal = { ok: false; message: string };

export interface AddRequest<V extends CartVariant> {
  itemId: string;
  variants: readonly V[];
  optionNames: readonly string[];
  selected: Readonly<Record<string, string | undefined>>;
  /** The quantity box's text; null when the product shows none (one unit is added). */
  quantityText: string | null;
  /** The cart as last known, for the stock rule; null when unknown or empty. */
  cart: ShoppingCart | null;
  /** A subscription starts a cart of its own, so what the shopping cart holds does not count. */
  ownCart?: boolean;
}

/**
 * The checks before asking the store, in the island's order: every option chosen and an
 * available variant, a whole quantity, and for limited stock enough left besides what the cart
 * holds (said with the count, before the store checks again).
 */
export function checkBeforeAdding<V extends CartVariant>(request: AddRequest<V>): { ok: true; variant: V; quantity: number } | Refusal {
  const check = checkVariantSelection(request.variants, request.optionNames, request.selected);
  if (!check.ok) return check;
  const variant = check.variant as V;
  let quantity = 1;
  if (request.quantityText !== null) {
    const parsed = parseQuantity(request.quantityText);
    if (!parsed.ok) return parsed;
    quantity = parsed.value;
  }
  if (!variant.unlimited) {
    const inCart = request.ownCart ? 0 : quantityInCart(request.cart, request.itemId, variant.sku);
    if (inCart + quantity > variant.qtyInStock) return { ok: false, message: notEnoughStockLeftMessage(variant.qtyInStock, inCart) };
  }
  return { ok: true, variant, quantity };
}

/** The variant in words, for the status messages: 'Size: M, Color: White'. */
export function variantDescription(optionNames: readonly string[], variant: VariantOption | undefined): string {
  return variant ? optionNames.map((name) => `${name}: ${variant.attributes[name] ?? ''}`).join(', ') : '';
}

/** What is added, in words: '2 of Linen Work Shirt (Size: M, Color: White)'. */
export function describeAddition(productName: string, optionNames: readonly string[], variant: VariantOption | undefined, quantity: number): string {
  return addedItemDescription(productName, variantDescription(optionNames, variant), quantity);
}

/** The cart as known, else the store's when the visitor has one (the stock rule counts what it holds). */
export async function cartKnownOrLoaded(known: ShoppingCart | null): Promise<ShoppingCart | null> {
  if (known || !shouldLoadCart()) return known;
  const answer = await fetchCart();
  return answer.ok ? answer.data : null;
}

/** The store's answer for one variant of a stock call. */
export function stockResultFor(results: readonly StockResult[], variant: { id: string } | undefined, sku: string): StockResult | undefined {
  return results.find((result) => result.sku === sku || (variant !== undefined && result.variantId === variant.id));
}

/** Stock the store reported after the page was rendered, for the page to follow. */
export interface StockLeft {
  variantId: string;
  qtyInStock: number;
}

export type AddOutcome = { ok: true; cart: ShoppingCart } | (Refusal & { stockLeft: StockLeft | null });

/** After the store refused for stock: asks how many are left now, so the message can say. */
async function stockRefusal(itemId: string, variant: CartVariant | undefined, sku: string, known: ShoppingCart | null): Promise<Refusal & { stockLeft: StockLeft | null }> {
  const [stock, cart] = await Promise.all([fetchStock(itemId), cartKnownOrLoaded(known)]);
  const result = stock.ok ? stockResultFor(stock.data?.results ?? [], variant, sku) : undefined;
  if (!variant || !result || result.unlimited) return { ok: false, message: ADD_TO_CART.notEnoughStock, stockLeft: null };
  return {
    ok: false,
    message: notEnoughStockLeftMessage(result.qtyInStock, quantityInCart(cart, itemId, sku)),
    stockLeft: { variantId: variant.id, qtyInStock: result.qtyInStock },
  };
}

export interface CartAddition {
  itemId: string;
  variant: CartVariant | undefined;
  sku: string;
  quantity: number;
  additionalFields: string | null;
  /** The cart as last known, for the message of a refusal for stock. */
  cart: ShoppingCart | null;
}

/**
 * Adds to the cart (POST /api/commerce/shopping-cart/entries with the crumb). On success every
 * cart listener of the page hears the new cart (the pill, the header's counts) and the analytics
 * event is sent; a refusal for stock says how many are left.
 */
export async function addToCart(addition: CartAddition): Promise<AddOutcome> {
  const { itemId, sku, quantity } = addition;
  const result = await addCartEntry({ itemId, sku, quantity, additionalFields: addition.additionalFields });
  if (!result.ok) {
    if (result.message === ADD_TO_CART.notEnoughStock) return stockRefusal(itemId, addition.variant, sku, addition.cart);
    return { ok: false, message: result.message, stockLeft: null };
  }
  publishCart(result.data);
  trackAddToCart(readPageContext(), { itemId, sku, quantity });
  return { ok: true, cart: result.data };
}

/**
 * Before a product's extra-fields form opens: whether the store still has enough of the variant
 * (the shopper's answers would be lost to a refusal after the form). Gives the cart it read.
 */
export async function checkStockBeforeForm(
  itemId: string, variant: CartVariant | undefined, sku: string, quantity: number, known: ShoppingCart | null, ownCart = false,
): Promise<{ ok: true; cart: ShoppingCart | null } | Refusal> {
  const [stock, cart] = await Promise.all([fetchStock(itemId), cartKnownOrLoaded(known)]);
  if (!stock.ok) return { ok: false, message: stock.message };
  const results = stock.data?.results ?? [];
  const result = stockResultFor(results, variant, sku) ?? results[0];
  // a subscription starts a cart of its own: what the shopping cart holds does not count
  const inCart = ownCart ? 0 : quantityInCart(cart, itemId, sku);
  if (!result || !isStockEnough(result, inCart + quantity - 1)) {
    return { ok: false, message: result && !result.unlimited ? notEnoughStockLeftMessage(result.qtyInStock, inCart) : ADD_TO_CART.notEnoughStock };
  }
  return { ok: true, cart };
}

/** A subscription is bought on its own checkout: starts it and goes there, or says why not. */
export async function subscribeAndCheckOut(itemId: string, sku: string, quantity: number, additionalFields: string | null = null): Promise<Refusal | null> {
  const answer = await startSubscription({ itemId, sku, qty: quantity, additionalFields });
  if (answer.ok && answer.data?.cartToken) {
    navigation.assign(PAGE_PATHS.subscription(answer.data.cartToken));
    return null;
  }
  return { ok: false, message: answer.ok ? ADD_TO_CART.variantUnavailable : answer.message };
}
