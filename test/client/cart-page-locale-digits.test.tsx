// @vitest-environment jsdom
/**
 * A shop in Arabic: the cart island writes prices in the Arabic-Indic digits
 * the engine's pages write them in, while counts and quantities stay in the
 * Latin digits the page's own messages and quantity boxes use.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import CartPage from '../../client/islands/CartPage.tsx';
import type { ShoppingCart } from '../../client/lib/cart.ts';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { ADD_TO_CART, notEnoughStockLeftMessage } from '../../client/lib/messages.ts';
import { formatMoneyCLDR } from '../../engine/plugins/i18n/money.ts';
import { moneyFormatFor } from '../../server/commerce/money-format.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

function poundsCart(quantity: number): ShoppingCart {
  return {
    id: 'c',
    entries: [{ id: 'e1', itemId: 'p1', quantity, chosenVariant: { sku: 'S1', attributes: {} }, additionalFields: null, title: 'قميص', purchasePriceCents: 123450, productType: 1 }],
    subtotalCents: 123450 * quantity, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 123450 * quantity,
    totalQuantity: quantity, currency: 'EGP',
  };
}

describe('CartPage island in an Egyptian Arabic shop', () => {
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=tok');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("writes prices in the page's Arabic-Indic digits, after a change too", async () => {
    scriptFetch([{ method: 'PUT', path: /quantity$/, answer: { body: { shoppingCart: poundsCart(3) } } }]);
    render(<CartPage cart={poundsCart(1)} moneyFormat={moneyFormatFor('EGP', 'ar-EG')} />);
    const subtotal = document.querySelector('.cart-subtotal')!;
    expect(subtotal.textContent).toBe(formatMoneyCLDR('1234.50', 'EGP', 'ar-EG'));
    expect(subtotal.textContent).toBe('\u200f١٬٢٣٤٫٥٠\u00a0ج.م.\u200f');
    const input = screen.getByLabelText('Quantity: قميص') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    await settle();
    expect(subtotal.textContent).toBe(formatMoneyCLDR('3703.50', 'EGP', 'ar-EG'));
    expect(document.querySelector('.cart-row__price')!.textContent).toBe('\u200f٣٬٧٠٣٫٥٠\u00a0ج.م.\u200f');
    expect(input.value).toBe('3');
  });

  it('says how many are left in Latin digits, as the product page does', async () => {
    scriptFetch([
      { method: 'PUT', path: /quantity$/, answer: { status: 400, body: { message: ADD_TO_CART.notEnoughStock } } },
      { method: 'GET', path: API_PATHS.stock, answer: { body: { results: [{ sku: 'S1', qtyInStock: 3, unlimited: false }] } } },
    ]);
    render(<CartPage cart={poundsCart(2)} moneyFormat={moneyFormatFor('EGP', 'ar-EG')} />);
    const input = screen.getByLabelText('Quantity: قميص') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.blur(input);
    await settle();
    // the line named, its count in Latin digits
    expect(screen.getByRole('alert').textContent).toContain(notEnoughStockLeftMessage(3, 0, 'قميص'));
    expect(notEnoughStockLeftMessage(3, 0)).toContain('Only 3 left.');
    expect(input.value).toBe('2');
  });
});
