// @vitest-environment jsdom
/**
 * `{squarespace.cart-classes}` marks a template's cart link `sqs-cart-empty` while the cart holds
 * nothing, and templates hide an empty cart by it: the mark follows the cart from an add or a
 * removal on, as the count does, without a reload.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { publishCart, type ShoppingCart } from '../../client/lib/cart.ts';
import { keepCartQuantitiesInStep } from '../../client/lib/cart-quantity-elements.ts';

const cartOf = (quantity: number): ShoppingCart => ({ totalQuantity: quantity, entries: [] } as unknown as ShoppingCart);

describe('a template\'s cart link', () => {
  let stop = (): void => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('loses its empty mark when something is added, and gets it back when the cart is emptied', () => {
    document.body.innerHTML = '<a class="sqs-custom-cart sqs-cart-empty" href="/cart"><span class="sqs-cart-quantity">0</span></a>';
    stop = keepCartQuantitiesInStep(document);
    const link = document.querySelector('a')!;
    publishCart(cartOf(2));
    expect(link.className).toBe('sqs-custom-cart');
    expect(link.textContent).toBe('2');
    publishCart(cartOf(0));
    expect(link.className).toBe('sqs-custom-cart sqs-cart-empty');
    expect(link.textContent).toBe('0');
  });
});
