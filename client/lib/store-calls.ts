/** The store's cart, stock and checkout calls, with their answers normalised. */
import { api, type ApiResult } from './api.ts';
import { API_PATHS } from './api-paths.ts';
import { CART } from './messages.ts';
import { oneAddAtATime } from './cart-add-queue.ts';
import type { ShoppingCart } from './cart.ts';
import type { AddToCartPayload, SubscriptionPayload } from './validation.ts'; // types only: no schema code in the bundle

interface CartAnswer {
  shoppingCart?: ShoppingCart;
}

function cartOf(result: ApiResult<CartAnswer | ShoppingCart>): ApiResult<ShoppingCart> {
  if (!result.ok) return result;
  const data = result.data as CartAnswer & Partial<ShoppingCart>;
  const cart = data.shoppingCart ?? (data as ShoppingCart);
  return { ok: true, status: result.status, data: cart };
}

export async function fetchCart(): Promise<ApiResult<ShoppingCart>> {
  return cartOf(await api.get<CartAnswer | ShoppingCart>(API_PATHS.cart, { query: { calculateSubtotal: true } }));
}

// Adds go one at a time (cart-add-queue.ts): the first may be what makes the cart. A change to a
// line needs a cart that has it, whose cookie the page already carries.
export async function addCartEntry(payload: AddToCartPayload): Promise<ApiResult<ShoppingCart>> {
  return cartOf(await oneAddAtATime(() => api.post<CartAnswer>(API_PATHS.cartEntries, payload, { fallbackMessage: CART.addItem })));
}

export async function updateEntryQuantity(entryId: string, quantity: number): Promise<ApiResult<ShoppingCart>> {
  return cartOf(await api.put<CartAnswer>(API_PATHS.cartEntryQuantity(entryId), { quantity }, { fallbackMessage: CART.updateQuantity }));
}

export async function removeEntry(entryId: string): Promise<ApiResult<ShoppingCart>> {
  return cartOf(await api.delete<CartAnswer>(API_PATHS.cartEntry(entryId), { fallbackMessage: CART.removeItem }));
}

export async function updateEntryFields(
  entryId: string,
  payload: { itemId: string; sku: string; additionalFields: string },
): Promise<ApiResult<ShoppingCart>> {
  return cartOf(await api.put<CartAnswer>(API_PATHS.cartEntryAdditionalFields(entryId), payload, { fallbackMessage: CART.updateForm }));
}

export async function startSubscription(payload: SubscriptionPayload): Promise<ApiResult<{ cartToken: string }>> {
  return api.post<{ cartToken: string }>(API_PATHS.subscription, payload);
}

export interface StockResult {
  unlimited: boolean;
  qtyInStock: number;
  sku?: string;
  variantId?: string;
}

export async function fetchStock(itemId: string): Promise<ApiResult<{ results: StockResult[] }>> {
  return api.get<{ results: StockResult[] }>(API_PATHS.stock, { query: { itemId } });
}
