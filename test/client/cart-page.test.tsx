// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import CartPage from '../../client/islands/CartPage.tsx';
import { renderIsland } from '../../client/server-render.ts';
import { RECALCULATE_END_EVENT, RECALCULATE_START_EVENT, type ShoppingCart } from '../../client/lib/cart.ts';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { ADD_TO_CART, BUTTON, CART, CHECKOUT, SCRIPT_NEEDED, notEnoughStockLeftMessage } from '../../client/lib/messages.ts';
import { navigation } from '../../client/lib/navigation.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

function cartOf(quantity: number): ShoppingCart {
  const entries = quantity === 0 ? [] : [{
    id: 'e1', itemId: 'p1', quantity, chosenVariant: { sku: 'S1', attributes: { Size: 'M' } }, additionalFields: JSON.stringify({ text: 'Hello' }),
    title: 'Shirt', purchasePriceCents: 2000, productType: 1, additionalFieldsFormId: 'xf',
  }];
  return { id: 'c', entries, subtotalCents: 2000 * quantity, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 2000 * quantity, totalQuantity: quantity, currency: 'USD' };
}

const forms = { xf: { id: 'xf', name: 'Engraving', fields: [{ id: 'text', type: 'text' as const, title: 'Engraving text' }] } };

describe('CartPage island', () => {
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=tok');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('changes a quantity between recalculate-start and recalculate-end events', async () => {
    const events: string[] = [];
    const onStart = (): number => events.push('start');
    const onEnd = (): number => events.push('end');
    document.addEventListener(RECALCULATE_START_EVENT, onStart);
    document.addEventListener(RECALCULATE_END_EVENT, onEnd);
    const calls = scriptFetch([{ method: 'PUT', path: '/api/commerce/shopping-cart/entries/e1/quantity', answer: { body: { shoppingCart: cartOf(3) } } }]);
    render(<CartPage cart={cartOf(1)} forms={forms} />);
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    await settle();
    expect(calls[0]!.body).toEqual({ quantity: 3 });
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('tok');
    expect(events).toEqual(['start', 'end']);
    expect(document.querySelector('.cart-subtotal')!.textContent).toBe('$60.00');
    document.removeEventListener(RECALCULATE_START_EVENT, onStart);
    document.removeEventListener(RECALCULATE_END_EVENT, onEnd);
  });

  const status = (): string => screen.getByRole('status').textContent ?? '';

  it('announces a quantity changed and a line removed, with the new subtotal, in a status region that stays when the cart empties', async () => {
    const two = cartOf(1);
    const mug = { ...two.entries[0]!, id: 'e2', itemId: 'p2', title: 'Mug', purchasePriceCents: 1500, chosenVariant: { sku: 'M1', attributes: {} } };
    two.entries = [two.entries[0]!, mug];
    const mugs = { ...two, entries: [two.entries[0]!, { ...mug, quantity: 3 }], subtotalCents: 6500 };
    const onlyMugs = { ...cartOf(1), entries: [{ ...mug, quantity: 3 }], subtotalCents: 4500 };
    scriptFetch([
      { method: 'PUT', path: '/api/commerce/shopping-cart/entries/e2/quantity', answer: { body: { shoppingCart: mugs } } },
      { method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e1', answer: { body: { shoppingCart: onlyMugs } } },
      { method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e2', answer: { body: { shoppingCart: cartOf(0) } } },
    ]);
    render(<CartPage cart={two} forms={forms} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    const input = screen.getByLabelText('Quantity: Mug');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(status()).toBe('Quantity of Mug updated to 3. Subtotal: $65.00.');
    const removeLine = async (name: string): Promise<void> => {
      fireEvent.click(screen.getByRole('button', { name }));
      await settle();
      fireEvent.click(Array.from(screen.getByRole('alertdialog').querySelectorAll('button')).find((b) => b.textContent === 'Remove')!);
      await settle();
    };
    await removeLine('Remove: Shirt');
    expect(status()).toBe('Removed Shirt (Size: M) from your cart. Subtotal: $45.00.');
    await removeLine('Remove: Mug');
    expect(status()).toBe('Removed Mug from your cart. Your cart is empty.');
    // the same element throughout: a live region put in anew is often not read
    expect(screen.getByRole('status')).toBe(region);
  });

  it('announces nothing for a refused change (that is the alert\'s to say)', async () => {
    scriptFetch([{ method: 'PUT', path: /quantity$/, answer: { status: 500, body: { message: 'boom' } } }]);
    render(<CartPage cart={cartOf(1)} />);
    const input = screen.getByLabelText('Quantity: Shirt');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(status()).toBe('');
  });

  it('hands the focus, when an error\'s Close is used, to the line\'s quantity box it is about, never to the page', async () => {
    scriptFetch([{ method: 'PUT', path: /quantity$/, answer: { status: 500, body: { message: 'boom' } } }]);
    render(<CartPage cart={cartOf(1)} />);
    const input = screen.getByLabelText('Quantity: Shirt');
    input.focus();
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(CART.updateQuantity);
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.click(close);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Quantity: Shirt'));
  });

  it('gives the cart table column headers, so each cell is named by its column', () => {
    render(<CartPage cart={cartOf(1)} forms={forms} />);
    const table = screen.getByRole('table', { name: CART.shoppingCart });
    const headers = Array.from(table.querySelectorAll('[role="columnheader"]'));
    expect(headers.map((header) => header.textContent)).toEqual(['Picture', 'Item', 'Quantity', 'Price', 'Remove']);
    // one header for each of a row's cells
    expect(table.querySelector('tbody [role="row"]')!.querySelectorAll('[role="cell"]')).toHaveLength(headers.length);
  });

  it('marks a line the stock no longer covers as the checkout does, until its quantity is one the stock covers', async () => {
    scriptFetch([{ method: 'PUT', path: '/api/commerce/shopping-cart/entries/e1/quantity', answer: { body: { shoppingCart: cartOf(1) } } }]);
    render(<CartPage cart={cartOf(3)} forms={forms} shortEntries={{ e1: 1 }} />);
    expect(document.querySelector('.cart-row__stock')!.textContent).toBe(CHECKOUT.lineLeft(1));
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.blur(input);
    await settle();
    expect(document.querySelector('.cart-row__stock')).toBeNull();
    cleanup();
    render(<CartPage cart={cartOf(1)} forms={forms} shortEntries={{ e1: 0 }} />);
    expect(document.querySelector('.cart-row__stock')!.textContent).toBe('Sold out');
  });

  it('removes an entry only after the confirm dialog says yes', async () => {
    const calls = scriptFetch([{ method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e1', answer: { body: { shoppingCart: cartOf(0) } } }]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Shirt' }));
    await settle();
    const dialog = screen.getByRole('alertdialog');
    // it names the line it removes, with its options and quantity
    expect(dialog.textContent).toContain(CART.removeConfirmMessage('2 of Shirt (Size: M)'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(calls).toHaveLength(0);
    expect(dialog.isConnected).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Shirt' }));
    await settle();
    const confirmButton = Array.from(screen.getByRole('alertdialog').querySelectorAll('button')).find((b) => b.textContent === 'Remove')!;
    fireEvent.click(confirmButton);
    await settle();
    expect(calls[0]!.method).toBe('DELETE');
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeTruthy();
  });

  it('opens the remove dialog on Cancel, the safe choice, and Escape keeps the line', async () => {
    const calls = scriptFetch([]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    const remove = screen.getByRole('button', { name: 'Remove: Shirt' });
    remove.focus();
    fireEvent.click(remove);
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(document.activeElement).toBe(remove);
  });

  it('puts the focus on the line that takes a removed line\'s place, and on the way back to the shop once the cart is empty', async () => {
    const two = cartOf(1);
    const second = { ...two.entries[0]!, id: 'e2', itemId: 'p2', title: 'Mug', chosenVariant: { sku: 'M1', attributes: {} } };
    two.entries = [two.entries[0]!, second];
    const onlyMug = { ...cartOf(1), entries: [second] };
    scriptFetch([
      { method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e1', answer: { body: { shoppingCart: onlyMug } } },
      { method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e2', answer: { body: { shoppingCart: cartOf(0) } } },
    ]);
    render(<CartPage cart={two} forms={forms} />);
    const confirmRemoval = async (name: string): Promise<void> => {
      const button = screen.getByRole('button', { name });
      button.focus();
      fireEvent.click(button);
      await settle();
      fireEvent.click(Array.from(screen.getByRole('alertdialog').querySelectorAll('button')).find((b) => b.textContent === 'Remove')!);
      await settle();
    };
    await confirmRemoval('Remove: Shirt');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove: Mug' }));
    await confirmRemoval('Remove: Mug');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: CART.continueShopping }));
  });

  it('shows Unable to update quantity with the connection or try-again detail', async () => {
    let network = true;
    scriptFetch([{ method: 'PUT', path: /quantity$/, answer: () => (network ? { networkError: true } : { status: 500, body: { message: 'boom' } }) }]);
    render(<CartPage cart={cartOf(1)} />);
    const input = screen.getByLabelText('Quantity: Shirt');
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Unable to update quantityPlease check your internet connection.Close');
    // its title is bold text, not a heading that would skip a level under the cart page's h1
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('alert').querySelector('.island-alert__title')!.textContent).toBe('Unable to update quantity');
    network = false;
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Please try again.');
  });

  it('shows Unable to remove item when the removal fails', async () => {
    scriptFetch([{ method: 'DELETE', path: /entries\/e1$/, answer: { status: 500, body: {} } }]);
    render(<CartPage cart={cartOf(1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Shirt' }));
    await settle();
    fireEvent.click(Array.from(screen.getByRole('alertdialog').querySelectorAll('button')).find((b) => b.textContent === 'Remove')!);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Unable to remove item');
  });

  it('edits extra fields in the lightbox, prefilled, and reports Unable to open form without a form', async () => {
    const calls = scriptFetch([{ method: 'PUT', path: /additionalFields$/, answer: { body: { shoppingCart: cartOf(1) } } }]);
    const { unmount } = render(<CartPage cart={cartOf(1)} forms={forms} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await settle();
    const field = document.querySelector<HTMLInputElement>('#extra-xf-text')!;
    expect(field.value).toBe('Hello');
    fireEvent.change(field, { target: { value: 'Bye' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(calls[0]!.body).toEqual({ itemId: 'p1', sku: 'S1', additionalFields: JSON.stringify({ text: 'Bye' }) });
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    render(<CartPage cart={cartOf(1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Unable to open form');
  });

  it('shows totals', () => {
    render(<CartPage cart={cartOf(2)} />);
    expect(document.querySelector('.cart-grand-total')!.textContent).toBe('$40.00');
  });

  it('shows the server\'s reason for a refused quantity and puts the box back to the stored quantity', async () => {
    scriptFetch([{ method: 'PUT', path: /quantity$/, answer: { status: 400, body: { message: ADD_TO_CART.notEnoughStock } } }]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(ADD_TO_CART.notEnoughStock);
    expect(input.value).toBe('2');
    // A quantity the page itself refuses is put back too.
    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(ADD_TO_CART.quantityNotWhole);
    expect(input.value).toBe('2');
  });

  it('says how many are left of the line, named, when the store has too few for the quantity typed', async () => {
    scriptFetch([
      { method: 'PUT', path: /quantity$/, answer: { status: 400, body: { message: ADD_TO_CART.notEnoughStock } } },
      { method: 'GET', path: API_PATHS.stock, answer: { body: { results: [{ sku: 'S1', qtyInStock: 3, unlimited: false }] } } },
    ]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.blur(input);
    await settle();
    // the line's own 2 are the quantity being replaced, not more of it already in the cart; the line
    // is named, as the message stands above the whole cart
    expect(screen.getByRole('alert').textContent).toContain('Sorry, we do not have enough of Shirt (Size: M) available. Only 3 left.');
    expect(notEnoughStockLeftMessage(3, 0, 'Shirt (Size: M)')).toBe('Sorry, we do not have enough of Shirt (Size: M) available. Only 3 left.');
    expect(input.value).toBe('2');
  });

  it('keeps the quantity box usable for the focus while a change typed in it is saved, refused or not', async () => {
    // a disabled box would drop the focus to the page's start (and a phone's keypad with it)
    let release = (): void => {};
    let refuse = false;
    scriptFetch([
      { method: 'PUT', path: /quantity$/, answer: () => (refuse
        ? { status: 400, body: { message: ADD_TO_CART.notEnoughStock } }
        : { after: new Promise<void>((resolve) => { release = resolve; }), body: { shoppingCart: cartOf(3) } }) },
      { method: 'GET', path: API_PATHS.stock, answer: { body: { results: [{ sku: 'S1', qtyInStock: 3, unlimited: false }] } } },
    ]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(input.disabled).toBe(false);
    expect(input.readOnly).toBe(true);
    release();
    await settle();
    expect(input.readOnly).toBe(false);
    expect(input.value).toBe('3');
    refuse = true;
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(input.disabled).toBe(false);
    expect(input.value).toBe('3');
    expect(document.activeElement).toBe(input);
  });

  it('keeps the remove dialog open after 0 and Enter in the quantity box, and asks once', async () => {
    const calls = scriptFetch([{ method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e1', answer: { body: { shoppingCart: cartOf(0) } } }]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    /** Enter as a browser handles it: a key press the page left alone activates whatever holds focus by then. */
    const pressEnter = async (): Promise<void> => {
      const leftAlone = fireEvent.keyDown(input, { key: 'Enter' });
      await settle();
      if (leftAlone && document.activeElement instanceof HTMLButtonElement) fireEvent.click(document.activeElement);
      await settle();
    };
    input.focus();
    fireEvent.change(input, { target: { value: '0' } });
    await pressEnter();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // focus moved into the dialog (blurring the box) without asking a second time or resetting the box
    expect(screen.getByRole('alertdialog').contains(document.activeElement)).toBe(true);
    expect(input.value).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(input.value).toBe('2');
    expect(calls).toEqual([]);
    // the quantity box it was asked from has the focus again, not the page
    expect(document.activeElement).toBe(input);
    // the same when the box was left by a tap elsewhere (the page, on a phone), which asks too
    fireEvent.change(input, { target: { value: '0' } });
    input.blur();
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(input.value).toBe('2');
    expect(document.activeElement).toBe(input);
    input.focus();
    fireEvent.change(input, { target: { value: '0' } });
    await pressEnter();
    fireEvent.click(Array.from(screen.getByRole('alertdialog').querySelectorAll('button')).find((b) => b.textContent === 'Remove')!);
    await settle();
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);
    expect(screen.getByText(CART.emptyCart)).toBeTruthy();
  });

  describe('a tap from a quantity box just typed in (on a phone, leaving the box and tapping are one touch)', () => {
    afterEach(() => vi.restoreAllMocks());

    /** The quantity typed, then the box left: its change starts, and waits on `release` for the server. */
    function typeAndLeave(quantity: string, answer: { status?: number; body: unknown }) {
      let release = (): void => {};
      const calls = scriptFetch([
        { method: 'PUT', path: /quantity$/, answer: () => ({ after: new Promise<void>((resolve) => { release = resolve; }), ...answer }) },
        { method: 'GET', path: API_PATHS.stock, answer: { body: { results: [{ sku: 'S1', qtyInStock: 3, unlimited: false }] } } },
        { method: 'DELETE', path: '/api/commerce/shopping-cart/entries/e1', answer: { body: { shoppingCart: cartOf(0) } } },
      ]);
      render(<CartPage cart={cartOf(1)} forms={forms} />);
      const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
      input.focus();
      fireEvent.change(input, { target: { value: quantity } });
      fireEvent.blur(input);
      return { calls, release: () => release() };
    }

    it('goes to the checkout once the quantity typed is saved, so the checkout has it', async () => {
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      const { calls, release } = typeAndLeave('3', { body: { shoppingCart: cartOf(3) } });
      const checkout = screen.getByRole('link', { name: BUTTON.checkout });
      // the link's own navigation would load the checkout before the change is saved
      expect(fireEvent.click(checkout)).toBe(false);
      await settle();
      expect(assign).not.toHaveBeenCalled();
      release();
      await settle();
      expect(calls.map((call) => call.body)).toEqual([{ quantity: 3 }]);
      expect(assign).toHaveBeenCalledWith('/checkout');
    });

    it('stays on the cart with the reason when the quantity typed is refused', async () => {
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      const { release } = typeAndLeave('40', { status: 400, body: { message: ADD_TO_CART.notEnoughStock } });
      fireEvent.click(screen.getByRole('link', { name: BUTTON.checkout }));
      release();
      await settle();
      expect(screen.getByRole('alert').textContent).toContain('Only 3 left.');
      expect(assign).not.toHaveBeenCalled();
    });

    it('opens the Remove confirmation once the quantity typed is saved, rather than losing the tap', async () => {
      const { calls, release } = typeAndLeave('3', { body: { shoppingCart: cartOf(3) } });
      fireEvent.click(screen.getByRole('button', { name: 'Remove: Shirt' }));
      await settle();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      release();
      await settle();
      // it names the line as it is now
      expect(screen.getByRole('alertdialog').textContent).toContain(CART.removeConfirmMessage('3 of Shirt (Size: M)'));
      fireEvent.click(Array.from(screen.getByRole('alertdialog').querySelectorAll('button')).find((b) => b.textContent === 'Remove')!);
      await settle();
      expect(calls.map((call) => call.method)).toEqual(['PUT', 'DELETE']);
      expect(screen.getByText(CART.emptyCart)).toBeTruthy();
    });

    it('opens the Edit lightbox once the quantity typed is saved, rather than losing the tap', async () => {
      const { calls, release } = typeAndLeave('3', { body: { shoppingCart: cartOf(3) } });
      fireEvent.click(screen.getByRole('button', { name: BUTTON.edit }));
      await settle();
      expect(screen.queryByRole('dialog')).toBeNull();
      release();
      await settle();
      expect(document.querySelector<HTMLInputElement>('#extra-xf-text')!.value).toBe('Hello');
      expect(calls.map((call) => call.method)).toEqual(['PUT']);
    });
  });

  it('puts the quantity back without a word when the box is emptied and left, and refuses text that is no number', async () => {
    const calls = scriptFetch([]);
    render(<CartPage cart={cartOf(2)} forms={forms} />);
    const input = screen.getByLabelText('Quantity: Shirt') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await settle();
    expect(input.value).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();
    // '2x' or '1e': a number box reads it as empty too, and says so by badInput
    Object.defineProperty(input, 'validity', { value: { badInput: true }, configurable: true });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(ADD_TO_CART.quantityNotNumber);
    expect(input.value).toBe('2');
    expect(calls).toHaveLength(0);
  });

  it('shows each line\'s picture, unit price and extra-field answers', () => {
    const cart = cartOf(3);
    cart.entries[0] = { ...cart.entries[0]!, imageUrl: '/theme/images/shirt.svg', fullUrl: '/shop/p/shirt' };
    render(<CartPage cart={cart} forms={forms} />);
    const row = document.querySelector('.cart-row')!;
    expect(row.querySelector('img.cart-row__image')!.getAttribute('src')).toBe('/theme/images/shirt.svg');
    expect(row.querySelector('.cart-row__title a')!.getAttribute('href')).toBe('/shop/p/shirt');
    expect(row.querySelector('.cart-row__unit-price')!.textContent).toBe(`$20.00 ${CART.each}`);
    expect(row.querySelector('.cart-row__price')!.textContent).toBe('$60.00');
    const answers = Array.from(row.querySelectorAll('.cart-row__answers div')).map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]);
    expect(answers).toEqual([['Engraving text', 'Hello']]);
  });
});

describe('CartPage island taking over the server\'s page', () => {
  // On a slow phone the server's cart is on screen, and its boxes typed in, before the script runs.
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=tok');
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The server's cart page with its quantity box, typed in before the island's script arrives. */
  function serverPageTypedIn(quantity: string): HTMLInputElement {
    document.body.innerHTML = renderIsland('CartPage', { cart: cartOf(1), forms });
    const box = document.querySelector<HTMLInputElement>('input.cart-row__quantity')!;
    box.focus();
    box.value = quantity;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return box;
  }

  async function hydrate(): Promise<void> {
    const { hydrateIslands } = await import('../../client/hydrate.ts');
    await act(async () => {
      await hydrateIslands();
    });
    await settle();
  }

  it('keeps a quantity typed before it was live, and sends it when the shopper leaves the box', async () => {
    const calls = scriptFetch([{ method: 'PUT', path: '/api/commerce/shopping-cart/entries/e1/quantity', answer: { body: { shoppingCart: cartOf(3) } } }]);
    const errors = vi.spyOn(console, 'error');
    const box = serverPageTypedIn('3');
    await hydrate();
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelector('[data-island="CartPage"]')!.getAttribute('data-hydrated')).toBe('true');
    expect(box.value).toBe('3');
    // still in the box: nothing is sent until the shopper leaves it
    expect(calls).toHaveLength(0);
    await act(async () => {
      box.blur();
    });
    await settle();
    expect(calls.map((call) => call.body)).toEqual([{ quantity: 3 }]);
    expect(document.querySelector('.cart-subtotal')!.textContent).toBe('$60.00');
  });

  it('shows Remove and Edit disabled until live, says in <noscript> why, and keeps the checkout a plain link', async () => {
    scriptFetch([]);
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = renderIsland('CartPage', { cart: cartOf(1), forms });
    const remove = (): HTMLButtonElement => document.querySelector<HTMLButtonElement>('button.cart-row__remove')!;
    const edit = (): HTMLButtonElement => document.querySelector<HTMLButtonElement>('button.cart-row__edit')!;
    // the server's buttons have no handler: a tap on them would do nothing
    expect(remove().disabled).toBe(true);
    expect(edit().disabled).toBe(true);
    expect(document.querySelector('.cart-page noscript')!.textContent).toContain(SCRIPT_NEEDED.cart);
    expect(document.querySelector('a.cart-checkout')!.getAttribute('href')).toBe('/checkout');
    await hydrate();
    expect(errors).not.toHaveBeenCalled();
    expect(remove().disabled).toBe(false);
    expect(edit().disabled).toBe(false);
  });

  it('sends a quantity typed and left before it was live as it takes over', async () => {
    const calls = scriptFetch([{ method: 'PUT', path: '/api/commerce/shopping-cart/entries/e1/quantity', answer: { body: { shoppingCart: cartOf(4) } } }]);
    const box = serverPageTypedIn('4');
    box.blur();
    await hydrate();
    expect(calls.map((call) => call.body)).toEqual([{ quantity: 4 }]);
    expect(box.value).toBe('4');
    expect(document.querySelector('.cart-subtotal')!.textContent).toBe('$80.00');
  });
});

describe('the cart row\'s quantity box on a phone', () => {
  afterEach(() => cleanup());

  it('opens the digits pad', () => {
    render(<CartPage cart={cartOf(1)} />);
    expect(screen.getByLabelText('Quantity: Shirt').getAttribute('inputmode')).toBe('numeric');
  });
});
