// @vitest-environment jsdom
/**
 * The tax's row in the totals, byte for byte, as the checkout, the cart (both as the server
 * renders them) and the owner's order screen write it: added on top (a row above the total) or
 * included in the prices (said under it), in the platform's words or by the shop's name for its
 * tax, with its rate or without. Pinned whole, so a change to how the row is written shows here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { renderIsland } from '../../client/server-render.ts';
import type { CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import type { ShoppingCart } from '../../client/lib/cart.ts';
import { OrderDetail } from '../../client/admin/screens/OrderDetail.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

/** Every `<dl class="NAME">…</dl>` of the HTML, as written. */
function totalsOf(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<dl class="${name}">.*?</dl>`, 'gs'))].map((match) => match[0]);
}

describe("the tax's row in the checkout's totals (the summary's, then the one above the button)", () => {
  const quote: CheckoutQuoteProps = {
    currency: 'USD',
    lines: [{ key: '0', productName: 'Undyed Wool Throw', variantLabel: '', quantity: 1, unitPriceCents: 14000, lineTotalCents: 14000, billingInterval: '' }],
    subtotalCents: 14000, requiresShipping: true, shippingOptions: [{ id: 'standard', name: 'Standard', costCents: 600 }], selectedShippingOptionId: 'standard',
    shippingCents: 600, taxCents: 1120, taxIncluded: false, taxName: '', taxRateTenths: 0, totalCents: 15720, needsRecipient: false, discountable: true,
    giftCard: null, giftCardError: null, amountDueCents: 15720, discountCents: 0, discount: null, discountError: null,
  };
  const included = { taxCents: 2433, taxIncluded: true, totalCents: 14600, amountDueCents: 14600 };
  const start = '<dl class="checkout-totals"><dt>Subtotal</dt><dd class="subtotal">$140.00</dd><dt>Shipping</dt><dd class="shipping">$6.00</dd>';
  const recapStart = '<dl class="checkout-totals"><dt>Subtotal</dt><dd>$140.00</dd><dt>Shipping</dt><dd>$6.00</dd>';
  const cases: Array<[string, Partial<CheckoutQuoteProps>, string[]]> = [
    ["added, in the platform's words, no rate", {}, [
      `${start}<dt>Tax</dt><dd class="tax">$11.20</dd><dt>Total</dt><dd class="grand-total">$157.20</dd></dl>`,
      `${recapStart}<dt>Tax</dt><dd>$11.20</dd><dt>Total</dt><dd class="checkout-recap__total">$157.20</dd></dl>`,
    ]],
    ['added, of nothing: still a row', { taxCents: 0, totalCents: 14600, amountDueCents: 14600 }, [
      `${start}<dt>Tax</dt><dd class="tax">$0.00</dd><dt>Total</dt><dd class="grand-total">$146.00</dd></dl>`,
      `${recapStart}<dt>Tax</dt><dd>$0.00</dd><dt>Total</dt><dd class="checkout-recap__total">$146.00</dd></dl>`,
    ]],
    ["added, by the shop's name, with its rate", { taxName: 'G<b>ST', taxRateTenths: 8875 }, [
      `${start}<dt>G&lt;b&gt;ST (8.875%)</dt><dd class="tax">$11.20</dd><dt>Total</dt><dd class="grand-total">$157.20</dd></dl>`,
      `${recapStart}<dt>G&lt;b&gt;ST (8.875%)</dt><dd>$11.20</dd><dt>Total</dt><dd class="checkout-recap__total">$157.20</dd></dl>`,
    ]],
    ["included, in the platform's words, with its rate", { ...included, taxRateTenths: 20000 }, [
      `${start}<dt>Total</dt><dd class="grand-total">$146.00</dd><dt>Includes tax (20%)</dt><dd class="tax">$24.33</dd></dl>`,
      `${recapStart}<dt>Total</dt><dd class="checkout-recap__total">$146.00</dd><dt>Includes tax (20%)</dt><dd>$24.33</dd></dl>`,
    ]],
    ["included, by the shop's name, no rate", { ...included, taxName: 'VAT' }, [
      `${start}<dt>Total</dt><dd class="grand-total">$146.00</dd><dt>Includes VAT</dt><dd class="tax">$24.33</dd></dl>`,
      `${recapStart}<dt>Total</dt><dd class="checkout-recap__total">$146.00</dd><dt>Includes VAT</dt><dd>$24.33</dd></dl>`,
    ]],
  ];
  it.each(cases)('%s', (_name, changes, expected) => {
    const html = renderIsland('Checkout', { quote: { ...quote, ...changes }, countries: [{ code: 'US', name: 'United States' }], testMode: true });
    expect(totalsOf(html, 'checkout-totals')).toEqual(expected);
  });
});

describe("the tax's row in the cart's totals", () => {
  const cart: ShoppingCart = {
    id: 'c', currency: 'USD', totalQuantity: 1, subtotalCents: 14000, taxCents: 1120, shippingCostCents: 0, discountCents: 0, grandTotalCents: 15120,
    entries: [{ id: 'e1', itemId: 'p1', quantity: 1, chosenVariant: { sku: 'S1', attributes: {} }, additionalFields: null, title: 'Throw', purchasePriceCents: 14000, productType: 1 }],
  };
  const start = '<dl class="cart-totals"><dt>Subtotal</dt><dd class="cart-subtotal">$140.00</dd>';
  const included = { taxCents: 2333, taxIncluded: true, grandTotalCents: 14000 };
  const cases: Array<[string, Partial<ShoppingCart>, string]> = [
    ['of nothing: no row', { taxCents: 0, grandTotalCents: 14000 }, `${start}<dt>Total</dt><dd class="cart-grand-total">$140.00</dd></dl>`],
    ['added, from a cart answer without the tax fields', {}, `${start}<dt>Tax</dt><dd>$11.20</dd><dt>Total</dt><dd class="cart-grand-total">$151.20</dd></dl>`],
    ["added, by the shop's name, with its rate", { taxIncluded: false, taxName: 'GST', taxRateTenths: 10000 },
      `${start}<dt>GST (10%)</dt><dd>$11.20</dd><dt>Total</dt><dd class="cart-grand-total">$151.20</dd></dl>`],
    ["included, in the platform's words, with its rate", { ...included, taxName: '', taxRateTenths: 20000 },
      `${start}<dt>Total</dt><dd class="cart-grand-total">$140.00</dd><dt>Includes tax (20%)</dt><dd>$23.33</dd></dl>`],
    ["included, by the shop's name, no rate", { ...included, taxName: 'V&AT' },
      `${start}<dt>Total</dt><dd class="cart-grand-total">$140.00</dd><dt>Includes V&amp;AT</dt><dd>$23.33</dd></dl>`],
  ];
  it.each(cases)('%s', (_name, changes, expected) => {
    expect(totalsOf(renderIsland('CartPage', { cart: { ...cart, ...changes } }), 'cart-totals')).toEqual([expected]);
  });
});

describe("the tax's row in the owner's order screen", () => {
  afterEach(cleanup);
  const order = {
    id: 'o1', orderNumber: '1042', createdOn: 0, email: 'jane@example.com', name: 'Jane Doe', currency: 'USD', status: 'paid', testMode: false, itemCount: 1,
    subtotalCents: 6800, taxCents: 544, shippingCents: 600, discountCents: 0, grandTotalCents: 7944,
    shippingAddress: null, shippingOption: 'Standard', paymentReference: 'test_1',
    lines: [{ productId: 'p1', variantId: 'v1', sku: 'S1', productName: 'Linen Shirt', variantLabel: '', billingInterval: '', quantity: 1, unitPriceCents: 6800 }],
    history: [{ status: 'paid', on: 0, by: null }], emails: [],
  };
  const start = '<dl class="admin-facts admin-totals"><dt>Subtotal</dt><dd>$68.00</dd><dt>Shipping</dt><dd>$6.00</dd>';
  const included = { taxCents: 1233, taxIncluded: true, grandTotalCents: 7400 };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['added, from an order detail without the tax fields', {}, `${start}<dt>Tax</dt><dd>$5.44</dd><dt>Total</dt><dd>$79.44</dd></dl>`],
    ['added, of nothing: still a row', { taxCents: 0, grandTotalCents: 7400 }, `${start}<dt>Tax</dt><dd>$0.00</dd><dt>Total</dt><dd>$74.00</dd></dl>`],
    ["added, by the shop's name, with its rate", { taxIncluded: false, taxName: 'Sales <tax>', taxRateTenths: 8875 },
      `${start}<dt>Sales &lt;tax&gt; (8.875%)</dt><dd>$5.44</dd><dt>Total</dt><dd>$79.44</dd></dl>`],
    ["included, in the platform's words, with its rate", { ...included, taxName: '', taxRateTenths: 20000 },
      `${start}<dt>Total</dt><dd>$74.00</dd><dt>Includes tax (20%)</dt><dd>$12.33</dd></dl>`],
    ["included, by the shop's name, no rate", { ...included, taxName: 'VAT', taxRateTenths: null },
      `${start}<dt>Total</dt><dd>$74.00</dd><dt>Includes VAT</dt><dd>$12.33</dd></dl>`],
  ];
  it.each(cases)('%s', async (_name, changes, expected) => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: { ...order, ...changes }, canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(document.querySelector('dl.admin-totals')!.outerHTML).toBe(expected);
  });
});
