// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import AddToCart, { type AddToCartProps, type AddToCartVariant } from '../../client/islands/AddToCart.tsx';
import { navigation } from '../../client/lib/navigation.ts';
import { CART_UPDATED_EVENT } from '../../client/lib/cart.ts';
import { keepCartQuantitiesInStep } from '../../client/lib/cart-quantity-elements.ts';
import { ADD_TO_CART, BUTTON, PRICE_LABEL, SCRIPT_NEEDED, soldOutOptionLabel } from '../../client/lib/messages.ts';
import { renderToString } from 'react-dom/server';
import { advance, clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const variant = (id: string, attributes: Record<string, string>, qtyInStock: number, extra: Partial<AddToCartVariant> = {}): AddToCartVariant => ({
  id, sku: `SKU-${id}`, attributes, qtyInStock, unlimited: false, priceCents: 2500, ...extra,
});

const cart = { id: 'c1', entries: [], subtotalCents: 2500, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 2500, totalQuantity: 1 };

function props(extra: Partial<AddToCartProps> = {}): AddToCartProps {
  return {
    itemId: 'p1', productName: 'Shirt', productType: 1, currency: 'USD', showQuantity: true,
    variantOptions: [{ name: 'Size', values: ['S', 'M', 'L'] }, { name: 'Color', values: ['Red', 'Blue'] }],
    variants: [
      variant('v1', { Size: 'S', Color: 'Red' }, 5, { imageUrl: '/img/red-s.jpg' }),
      variant('v2', { Size: 'M', Color: 'Red' }, 0),
      variant('v3', { Size: 'L', Color: 'Blue' }, 2),
    ],
    ...extra,
  };
}

const button = (): HTMLElement => screen.getByRole('button', { name: /Add to Cart|Adding…|Added!|Subscribe|Buy now/ });
const quantityBox = (): HTMLInputElement => screen.getByLabelText('Quantity', { selector: 'input' });
const choose = (name: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(name, { selector: 'select' }), { target: { value } });
};

describe('AddToCart island', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    clearCookies();
    setCookies('crumb=abc123');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says in <noscript> beside the server\'s disabled button why it waits for the script', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<AddToCart {...props()} />);
    const serverButton = host.querySelector<HTMLButtonElement>('button.sqs-add-to-cart-button')!;
    expect(serverButton.disabled).toBe(true);
    expect(serverButton.nextElementSibling!.tagName).toBe('NOSCRIPT');
    expect(serverButton.nextElementSibling!.textContent).toContain(SCRIPT_NEEDED.addToCart);
  });

  it('renders dropdowns with Select {variantName} defaults', () => {
    render(<AddToCart {...props()} />);
    expect(screen.getByRole('option', { name: 'Select Size' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Select Color' })).toBeTruthy();
  });

  it('names the one, two or many unselected options', async () => {
    scriptFetch([]);
    const three = props({ variantOptions: [{ name: 'Size', values: ['S'] }, { name: 'Color', values: ['Red'] }, { name: 'Fit', values: ['Slim'] }] });
    render(<AddToCart {...three} />);
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Please select the Size, Color and Fit options.');
    expect(screen.getByRole('alert').textContent).toContain('Unable to Add Item');
    // the alert's title is no heading: an h3 under the product's h1 would skip a level
    expect(screen.getByRole('alert').querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    await advance(1000);
    choose('Size', 'S');
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Please select the Color and Fit options.');
    await advance(1000);
    choose('Color', 'Red');
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Please select the Fit option.');
  });

  it('hands the focus, when the error\'s Close is used, to the choice it asks for, the quantity box or the button, never to the page', async () => {
    scriptFetch([]);
    render(<AddToCart {...props()} />);
    const close = (): void => {
      const closeButton = screen.getByRole('button', { name: 'Close' });
      closeButton.focus();
      fireEvent.click(closeButton);
    };
    fireEvent.click(button());
    close();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Size', { selector: 'select' }));
    await advance(1000);
    choose('Size', 'S');
    fireEvent.click(button());
    close();
    expect(document.activeElement).toBe(screen.getByLabelText('Color', { selector: 'select' }));
    await advance(1000);
    choose('Color', 'Red');
    fireEvent.change(quantityBox(), { target: { value: '9' } });
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Only 5 left');
    close();
    expect(document.activeElement).toBe(quantityBox());
  });

  it('takes the error asking for options away once they are all chosen, without another press of the button', async () => {
    scriptFetch([]);
    render(<AddToCart {...props()} />);
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Please select the Size and Color options.');
    choose('Size', 'L');
    // one still missing: still asked for
    expect(screen.getByRole('alert').textContent).toContain('Please select the Size and Color options.');
    choose('Color', 'Blue');
    expect(screen.queryByRole('alert')).toBeNull();
    // an error about something else stays until it is dealt with
    await advance(1000);
    fireEvent.change(quantityBox(), { target: { value: '5' } });
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Only 2 left');
    choose('Size', 'S');
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('takes a gift card\'s error asking for an amount away once one is chosen', () => {
    scriptFetch([]);
    render(<AddToCart {...props({ productType: 4, variantOptions: [], variants: [variant('g1', {}, 0, { unlimited: true })] })} />);
    fireEvent.click(button());
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(ADD_TO_CART.selectDenomination, { selector: 'select' }), { target: { value: 'SKU-g1' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects an unavailable combination and a sold-out variant', async () => {
    scriptFetch([]);
    render(<AddToCart {...props()} />);
    choose('Size', 'S');
    choose('Color', 'Blue');
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Sorry, that item variant is unavailable. Please select another variant.');
    await advance(1000);
    // A sold-out variant offers no button to press: a disabled sold-out label stands in its place.
    choose('Size', 'M');
    choose('Color', 'Red');
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    const label = screen.getByRole('button', { name: 'sold out' }) as HTMLButtonElement;
    expect(label.disabled).toBe(true);
  });

  it('checks the quantity is a number, then a whole number', async () => {
    scriptFetch([]);
    render(<AddToCart {...props()} />);
    choose('Size', 'S');
    choose('Color', 'Red');
    fireEvent.change(screen.getByLabelText('Quantity', { selector: 'input' }), { target: { value: '1.5' } });
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Quantity must be a whole number');
    await advance(1000);
    fireEvent.change(screen.getByLabelText('Quantity', { selector: 'input' }), { target: { value: '' } });
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Quantity must be a number.');
  });

  it('runs idle → Adding… → Added! after 1000 ms → idle 2000 ms later, ignoring clicks meanwhile', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: { body: { shoppingCart: cart, newlyAdded: {} } } }]);
    const published = vi.fn();
    document.addEventListener(CART_UPDATED_EVENT, published);
    render(<AddToCart {...props()} />);
    choose('Size', 'S');
    choose('Color', 'Red');
    fireEvent.click(button());
    expect(button().textContent).toBe('Adding…');
    await settle();
    const adds = (): number => calls.filter((c) => c.url === '/api/commerce/shopping-cart/entries').length;
    expect(adds()).toBe(1);
    expect(calls.some((c) => c.url === '/api/events/RecordEvent')).toBe(true);
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('abc123');
    expect(calls[0]!.body).toEqual({ itemId: 'p1', sku: 'SKU-v1', quantity: 1, additionalFields: null });
    expect(published).toHaveBeenCalledTimes(1);
    await advance(999);
    expect(button().textContent).toBe('Adding…');
    await advance(1);
    expect(button().textContent).toBe('Added!');
    fireEvent.click(button());
    await settle();
    expect(adds()).toBe(1);
    await advance(1999);
    expect(button().textContent).toBe('Added!');
    await advance(1);
    expect(button().textContent).toBe('Add to Cart');
    document.removeEventListener(CART_UPDATED_EVENT, published);
  });

  it("updates the page's cart quantities ({shoppingCart|cart-quantity}) after an add, without a reload", async () => {
    scriptFetch([{ method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: { body: { shoppingCart: { ...cart, totalQuantity: 4 } } } }]);
    const header = document.createElement('span');
    header.className = 'sqs-cart-quantity';
    header.textContent = '3';
    document.body.append(header);
    const stop = keepCartQuantitiesInStep(document);
    render(<AddToCart {...props()} />);
    choose('Size', 'S');
    choose('Color', 'Red');
    fireEvent.click(button());
    await settle();
    expect(header.textContent).toBe('4');
    stop();
    header.remove();
  });

  it('shows the 429 and crumb-failure messages and returns to idle after 1000 ms', async () => {
    let status = 429;
    scriptFetch([{ method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: () => ({ status, body: status === 403 ? { crumbFail: true, message: 'x' } : { message: 'slow down' } }) }]);
    render(<AddToCart {...props({ variantOptions: [], variants: [variant('v1', {}, 3)] })} />);
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Please try again in a few seconds.');
    expect(button().getAttribute('data-state')).toBe('error');
    await advance(1000);
    expect(button().getAttribute('data-state')).toBe('idle');
    status = 403;
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Your session has expired. Please reload the page and try again.');
    await advance(1000);
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Please enable cookies in your browser, reload the page, and try again.');
  });

  it('goes straight to checkout in express checkout, titled Unable to Purchase Item on failure', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    let ok = true;
    scriptFetch([{ method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: () => (ok ? { body: { shoppingCart: cart } } : { status: 400, body: { message: 'Out of stock now' } }) }]);
    render(<AddToCart {...props({ expressCheckout: true, variantOptions: [], variants: [variant('v1', {}, 3)] })} />);
    fireEvent.click(button());
    await settle();
    expect(assign).toHaveBeenCalledWith('/checkout');
    ok = false;
    cleanup();
    render(<AddToCart {...props({ expressCheckout: true, variantOptions: [], variants: [variant('v1', {}, 3)] })} />);
    fireEvent.click(button());
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Unable to Purchase Item');
    expect(screen.getByRole('alert').textContent).toContain('Out of stock now');
  });

  it('sends subscriptions to the subscription page with the cartToken', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const calls = scriptFetch([{ method: 'POST', path: '/api/3/commerce/cart/subscription', answer: { body: { cartToken: 'tok-1' } } }]);
    render(<AddToCart {...props({ isSubscribable: true, showQuantity: false, variantOptions: [], variants: [variant('v1', {}, 3)] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await settle();
    expect(calls[0]!.body).toMatchObject({ itemId: 'p1', sku: 'SKU-v1', qty: 1 });
    expect(assign).toHaveBeenCalledWith('/checkout/subscription?cartToken=tok-1');
  });

  it('asks a subscription with an extra-fields form for its answers, then starts it with them', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const calls = scriptFetch([
      { method: 'GET', path: '/api/commerce/inventory/stock/', answer: { body: { results: [{ sku: 'SKU-v1', qtyInStock: 0, unlimited: true }] } } },
      { method: 'POST', path: '/api/3/commerce/cart/subscription', answer: { body: { cartToken: 'tok-2' } } },
    ]);
    const form = { id: 'xf', name: 'Grind', fields: [{ id: 'text', type: 'text' as const, title: 'Grind notes', required: true }] };
    render(<AddToCart {...props({ isSubscribable: true, showQuantity: false, additionalFieldsForm: form, variantOptions: [], variants: [variant('v1', {}, 0, { unlimited: true })] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await settle();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(dialog.querySelector('#extra-xf-text')!, { target: { value: 'Coarse' } });
    fireEvent.click(dialog.querySelector('button.form-submit')!);
    await settle();
    expect(calls[1]!.body).toMatchObject({ itemId: 'p1', sku: 'SKU-v1', qty: 1, additionalFields: JSON.stringify({ text: 'Coarse' }) });
    expect(assign).toHaveBeenCalledWith('/checkout/subscription?cartToken=tok-2');
  });

  it('requires a gift card denomination, then goes to the gift-card page', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    scriptFetch([]);
    render(<AddToCart {...props({ productType: 4, variantOptions: [], variants: [variant('g25', {}, 0, { unlimited: true }), variant('g50', {}, 0, { unlimited: true, priceCents: 5000 })] })} />);
    // A gift card is bought on its own, never put in the cart: the button says so.
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.getByRole('button', { name: BUTTON.buyNow })).toBeTruthy();
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toContain('Unable to purchase Gift Card');
    expect(screen.getByRole('alert').textContent).toContain('Select a denomination for the Gift Card');
    await advance(1000);
    fireEvent.change(screen.getByLabelText('Select a denomination', { selector: 'select' }), { target: { value: 'SKU-g50' } });
    fireEvent.click(button());
    expect(assign).toHaveBeenCalledWith('/checkout/gift-card?itemId=p1&sku=SKU-g50');
  });

  it('keeps a gift card\'s own button text when the product has one', () => {
    render(<AddToCart {...props({ productType: 4, buttonText: 'Give a card', variantOptions: [], variants: [variant('g25', {}, 0, { unlimited: true })] })} />);
    expect(screen.getByRole('button', { name: 'Give a card' })).toBeTruthy();
  });

  it('announces adding and the result in a polite status region; errors stay alerts', async () => {
    let ok = true;
    scriptFetch([{ method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: () => (ok ? { body: { shoppingCart: cart } } : { status: 400, body: { message: 'Out of stock now' } }) }]);
    render(<AddToCart {...props()} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    choose('Size', 'S');
    choose('Color', 'Red');
    fireEvent.change(quantityBox(), { target: { value: '2' } });
    fireEvent.click(button());
    expect(status.textContent).toBe('Adding 2 of Shirt (Size: S, Color: Red) to your cart…');
    await settle();
    expect(status.textContent).toBe('Added 2 of Shirt (Size: S, Color: Red) to your cart.');
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(3000);
    ok = false;
    fireEvent.change(quantityBox(), { target: { value: '1' } });
    fireEvent.click(button());
    expect(status.textContent).toBe('Adding Shirt (Size: S, Color: Red) to your cart…');
    await settle();
    // The failure is an alert (announced at once); the status no longer says it is adding.
    expect(screen.getByRole('alert').textContent).toContain('Out of stock now');
    expect(status.textContent).toBe('');
  });

  describe('quantity and stock', () => {
    it('limits the box to the chosen variant\'s stock, and says how many are left before sending', async () => {
      const calls = scriptFetch([]);
      render(<AddToCart {...props()} />);
      // Nothing chosen yet: no variant has more than 5.
      expect(quantityBox().max).toBe('5');
      choose('Size', 'L');
      choose('Color', 'Blue');
      expect(quantityBox().max).toBe('2');
      fireEvent.change(quantityBox(), { target: { value: '3' } });
      fireEvent.click(button());
      expect(screen.getByRole('alert').textContent).toContain('Sorry, we do not have enough of that item available. Only 2 left.');
      await settle();
      expect(calls).toHaveLength(0);
      await advance(1000);
      choose('Size', 'S');
      choose('Color', 'Red');
      expect(quantityBox().max).toBe('5');
    });

    it('offers no quantity box for a sold-out variant, and the full range for an unlimited one', () => {
      render(<AddToCart {...props({ variants: [variant('v1', { Size: 'S', Color: 'Red' }, 0, { unlimited: true }), variant('v2', { Size: 'M', Color: 'Red' }, 0)] })} />);
      expect(quantityBox().max).toBe('9999');
      choose('Size', 'M');
      choose('Color', 'Red');
      expect(screen.queryByLabelText('Quantity', { selector: 'input' })).toBeNull();
      choose('Size', 'S');
      expect(quantityBox().max).toBe('9999');
    });

    it('counts what the cart already holds of the variant', async () => {
      const calls = scriptFetch([]);
      render(<AddToCart {...props()} />);
      await act(async () => {
        document.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, {
          detail: { ...cart, entries: [{ id: 'e1', itemId: 'p1', quantity: 1, chosenVariant: { sku: 'SKU-v3', attributes: {} }, additionalFields: null, title: 'Shirt', purchasePriceCents: 2500 }] },
        }));
      });
      choose('Size', 'L');
      choose('Color', 'Blue');
      fireEvent.change(quantityBox(), { target: { value: '2' } });
      fireEvent.click(button());
      expect(screen.getByRole('alert').textContent).toContain('Sorry, we do not have enough of that item available. Only 2 left, and your cart already has 1.');
      await settle();
      expect(calls).toHaveLength(0);
    });

    it('says how many are left when the server refuses for stock', async () => {
      scriptFetch([
        { method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: { status: 400, body: { message: 'Sorry, we do not have enough of that item available.' } } },
        { method: 'GET', path: '/api/commerce/inventory/stock/', answer: { body: { results: [{ sku: 'SKU-v1', variantId: 'v1', qtyInStock: 1, unlimited: false }] } } },
      ]);
      render(<AddToCart {...props()} />);
      choose('Size', 'S');
      choose('Color', 'Red');
      fireEvent.change(quantityBox(), { target: { value: '2' } });
      fireEvent.click(button());
      await settle();
      expect(screen.getByRole('alert').textContent).toContain('Sorry, we do not have enough of that item available. Only 1 left.');
      // The box follows the stock the store has now.
      expect(quantityBox().max).toBe('1');
    });
  });

  it('offers no instalments on a subscription', () => {
    render(<AddToCart {...props({
      isSubscribable: true, showQuantity: false, variantOptions: [], variants: [variant('v1', {}, 3, { unlimited: true, priceCents: 1900 })],
      instalments: { locale: 'en_US', minCents: 100, maxCents: 200000, available: true },
    })} />);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(document.querySelector('.instalment-message')).toBeNull();
  });

  it('swaps the product image with the selected variant', () => {
    document.body.insertAdjacentHTML('beforeend', '<img data-product-image="p1" src="/img/default.jpg" srcset="/x 100w">');
    render(<AddToCart {...props()} />);
    choose('Size', 'S');
    choose('Color', 'Red');
    const image = document.querySelector<HTMLImageElement>('[data-product-image="p1"]')!;
    expect(image.getAttribute('src')).toBe('/img/red-s.jpg');
    expect(image.hasAttribute('srcset')).toBe(false);
    image.remove();
  });

  it('replaces the button with the restock sign-up for a sold-out variant', () => {
    render(<AddToCart {...props({ restock: { mailingListSignUpEnabled: true, mailingListOptInByDefault: true } })} />);
    choose('Size', 'M');
    choose('Color', 'Red');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    const box = document.querySelector('.restock-signup')!;
    expect(box.getAttribute('data-variant-id')).toBe('v2');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('verifies stock first and adds extra-field values from the lightbox', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/commerce/inventory/stock/', answer: { body: { results: [{ sku: 'SKU-v1', qtyInStock: 5, unlimited: false }] } } },
      { method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: { body: { shoppingCart: cart } } },
    ]);
    const form = { id: 'xf', name: 'Engraving', fields: [{ id: 'text', type: 'text' as const, title: 'Engraving text', required: true }] };
    render(<AddToCart {...props({ additionalFieldsForm: form, variantOptions: [], variants: [variant('v1', {}, 5)] })} />);
    fireEvent.click(button());
    await settle();
    expect(calls[0]!.url).toContain('/api/commerce/inventory/stock/?itemId=p1');
    const dialog = screen.getByRole('dialog');
    expect(document.documentElement.classList.contains('sqs-lightbox-open')).toBe(true);
    expect(dialog.querySelector('button.form-submit')!.textContent).toBe('Add to Cart');
    fireEvent.click(dialog.querySelector('button.form-submit')!);
    expect(dialog.textContent).toContain('Required');
    fireEvent.change(dialog.querySelector('#extra-xf-text')!, { target: { value: 'Hi' } });
    fireEvent.click(dialog.querySelector('button.form-submit')!);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.classList.contains('sqs-lightbox-open')).toBe(false);
    expect(calls[1]!.body).toMatchObject({ sku: 'SKU-v1', additionalFields: JSON.stringify({ text: 'Hi' }) });
  });

  it('refuses the lightbox when the cart already holds all the stock', async () => {
    scriptFetch([{ method: 'GET', path: '/api/commerce/inventory/stock/', answer: { body: { results: [{ sku: 'SKU-v1', qtyInStock: 0, unlimited: false }] } } }]);
    const form = { id: 'xf', fields: [{ id: 'text', type: 'text' as const, title: 'T' }] };
    render(<AddToCart {...props({ additionalFieldsForm: form, variantOptions: [], variants: [variant('v1', {}, 1)] })} />);
    fireEvent.click(button());
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Sorry, we do not have enough of that item available.');
  });

  describe('follows the selected variant', () => {
    const variantProps = (extra: Partial<AddToCartProps> = {}): AddToCartProps => props({
      variants: [
        variant('v1', { Size: 'S', Color: 'Red' }, 5, { priceCents: 2500 }),
        variant('v2', { Size: 'M', Color: 'Red' }, 0, { priceCents: 2500 }),
        variant('v3', { Size: 'L', Color: 'Blue' }, 2, { priceCents: 4000, salePriceCents: 3000, onSale: true }),
      ],
      instalments: { locale: 'en_US', minCents: 100, maxCents: 200000, available: true },
      ...extra,
    });
    let page: HTMLElement;
    beforeEach(() => {
      // What the product template renders around the island: the engine's price and scarcity views.
      page = document.createElement('div');
      page.innerHTML = '<div class="product-price-area" data-product-price-for="p1"><div class="product-price">from $25.00</div></div>'
        + '<div data-product-scarcity-for="p1"><div class="product-scarcity" data-variant-attributes=\'{"Size":"L","Color":"Blue"}\' hidden>Only 2 left in stock</div></div>'
        + '<div data-product-price-for="other"><div class="product-price">$9.00</div></div>';
      document.body.append(page);
    });
    afterEach(() => page.remove());

    it('writes the chosen variant\'s price and sale price in the price area, and the product\'s price again when none is chosen', () => {
      render(<AddToCart {...variantProps()} />);
      const area = page.querySelector<HTMLElement>('[data-product-price-for="p1"]')!;
      expect(area.classList.contains('has-variant-price')).toBe(false);
      choose('Size', 'L');
      choose('Color', 'Blue');
      expect(area.classList.contains('has-variant-price')).toBe(true);
      const shown = area.querySelector('.product-price--variant')!;
      expect(shown.textContent).toBe(`${PRICE_LABEL.sale}$30.00 ${PRICE_LABEL.original}$40.00`);
      expect(shown.querySelector('.original-price')!.textContent).toBe('$40.00');
      choose('Size', 'S');
      choose('Color', 'Red');
      expect(area.querySelector('.product-price--variant')!.textContent).toBe('$25.00');
      choose('Color', '');
      expect(area.classList.contains('has-variant-price')).toBe(false);
      expect(area.querySelector('.product-price--variant')).toBeNull();
      // Another product's price area is left alone.
      expect(page.querySelector('[data-product-price-for="other"]')!.classList.contains('has-variant-price')).toBe(false);
    });

    it('shows the low-stock message of the chosen variant only', () => {
      render(<AddToCart {...variantProps()} />);
      const scarcity = page.querySelector<HTMLElement>('.product-scarcity')!;
      expect(scarcity.hidden).toBe(true);
      choose('Size', 'L');
      choose('Color', 'Blue');
      expect(scarcity.hidden).toBe(false);
      choose('Size', 'S');
      choose('Color', 'Red');
      expect(scarcity.hidden).toBe(true);
    });

    it('labels a sold-out choice, offers no instalments for it, and keeps the restock sign-up', () => {
      render(<AddToCart {...variantProps({ soldOutText: 'Sold out', restock: { mailingListSignUpEnabled: false, mailingListOptInByDefault: false } })} />);
      choose('Size', 'S');
      choose('Color', 'Red');
      expect(document.querySelector('.instalment-message__text')!.textContent).toBe('or 4 interest-free payments of $6.25 with Afterpay');
      choose('Size', 'M');
      const label = screen.getByRole('button', { name: 'Sold out' }) as HTMLButtonElement;
      expect(label.disabled).toBe(true);
      expect(label.getAttribute('data-state')).toBe('sold-out');
      expect(document.querySelector('.instalment-message')).toBeNull();
      expect(document.querySelector('.restock-signup')!.getAttribute('data-variant-id')).toBe('v2');
      // The sold-out variant's price still shows.
      expect(page.querySelector('.product-price--variant')!.textContent).toBe('$25.00');
    });

    it('marks the dropdown choices that lead only to sold-out variants', () => {
      render(<AddToCart {...variantProps()} />);
      const optionText = (select: string, value: string): string => screen.getByLabelText(select, { selector: 'select' })
        .querySelector(`option[value="${value}"]`)!.textContent!;
      expect(optionText('Size', 'M')).toBe(soldOutOptionLabel('M', BUTTON.soldOut));
      expect(optionText('Size', 'S')).toBe('S');
      expect(optionText('Color', 'Red')).toBe('Red');
      choose('Size', 'M');
      expect(optionText('Color', 'Red')).toBe(soldOutOptionLabel('Red', BUTTON.soldOut));
      choose('Size', 'S');
      expect(optionText('Color', 'Red')).toBe('Red');
    });

    it('says sold out at once for a product whose only variant has no stock', () => {
      render(<AddToCart {...props({ variantOptions: [], variants: [variant('v1', {}, 0)] })} />);
      expect((screen.getByRole('button', { name: BUTTON.soldOut }) as HTMLButtonElement).disabled).toBe(true);
    });
  });
});

describe('the product\'s quantity box on a phone', () => {
  afterEach(() => cleanup());

  it('opens the digits pad', () => {
    render(<AddToCart {...props()} />);
    expect(quantityBox().getAttribute('inputmode')).toBe('numeric');
  });
});
