/**
 * Places the visitor's order the way the checkout island does: a quote, then the order with
 * the shopper's details and the success test card, under a fresh attempt key.
 */
import { randomBytes } from 'node:crypto';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { TEST_CARDS } from '../../../server/payments/test-payment-provider.ts';
import { Visitor, type VisitorResponse } from './visitor.ts';

export const SHOPPER_DETAILS = {
  email: 'jane@example.com', name: 'Jane Doe', line1: '350 Fifth Avenue', line2: '', city: 'New York', region: 'NY',
  postalCode: '10118', countryCode: 'US', recipientEmail: '', cardNumber: TEST_CARDS.success, cardExpiry: '12/39', cardCvc: '123',
} as const;

/** Any of the shopper's details, in place of SHOPPER_DETAILS' own. */
export type ShopperDetails = Partial<Record<keyof typeof SHOPPER_DETAILS, string>>;

export interface PlacedAnswer {
  orderNumber?: number;
  confirmationUrl?: string;
  message?: string;
}

/** The checkout's answer: 201 with the confirmation URL, or the refusal. A cartToken buys that cart. */
export async function placeOrderThroughCheckout(visitor: Visitor, cartToken?: string, details: ShopperDetails = {}): Promise<VisitorResponse<PlacedAnswer>> {
  const quote = await visitor.post<{ quote?: { totalCents: number; selectedShippingOptionId: string | null } }>(API_PATHS.checkoutQuote, { cartToken });
  return visitor.post<PlacedAnswer>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS,
    ...details,
    shippingOptionId: quote.body.quote?.selectedShippingOptionId ?? 'none',
    idempotencyKey: randomBytes(16).toString('hex'),
    expectedTotalCents: quote.body.quote?.totalCents ?? 0,
    ...(cartToken ? { cartToken } : {}),
  });
}

/** A new shopper at `url` buys one of `productId`'s variant `sku` through the checkout; returns the order's id. */
export async function buyOneThroughCheckout(url: string, productId: string, sku: string): Promise<string> {
  const shopper = await new Visitor(url).start();
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: productId, sku, quantity: 1, additionalFields: null });
  if (added.status !== 200) throw new Error(`adding ${sku} to the cart answered ${added.status}: ${added.text}`);
  const placed = await placeOrderThroughCheckout(shopper);
  if (placed.status !== 201) throw new Error(`the checkout answered ${placed.status}: ${placed.text.slice(0, 200)}`);
  return /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl!)![1]!;
}
