// @vitest-environment jsdom
/**
 * The script behind the commerce formatters' markup (client/template-commerce/): the markup is the
 * engine's own output for a developer template's products.item, and the buttons add through the
 * AddToCart island's call, with its messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { compile } from '../../engine/index.ts';
import { attachFormatterButtons } from '../../client/template-commerce/add-to-cart-buttons.ts';
import { startTemplateCommerce } from '../../client/template-commerce/start.ts';
import { keepCartQuantitiesInStep } from '../../client/lib/cart-quantity-elements.ts';
import { ADD_TO_CART, ADD_TO_CART_STATUS, ALERT_TITLE, BUTTON, selectOptionsMessage } from '../../client/lib/messages.ts';
import { BUTTON_DELAYS } from '../../client/lib/add-to-cart-steps.ts';
import { navigation } from '../../client/lib/navigation.ts';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { advance, clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const PRODUCT_ITEM = '<span class="sqs-cart-quantity">{shoppingCart|cart-quantity}</span>'
  + '{.section item}<h2>{title}</h2>{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}{.end}';

const variant = (id: string, sku: string, glaze: string, qtyInStock: number) => ({
  id, sku, attributes: { Glaze: glaze }, qtyInStock, unlimited: false, price: 3400, priceMoney: { currency: 'USD', value: '34.00' },
});

const mug = {
  id: 'mug1', collectionId: 'shop1', title: 'Stoneware Mug',
  structuredContent: {
    productType: 1, variantOptionOrdering: ['Glaze'],
    variants: [variant('v1', 'SQ-MUG-OAT', 'Oat', 20), variant('v2', 'SQ-MUG-SLATE', 'Slate', 4)],
  },
};

const monogramForm = {
  id: 'form1', name: 'Monogram details', submitButtonText: 'Add to Cart',
  fields: [{ id: 'text-initials', type: 'text', title: 'Initials', required: true }],
};

const napkins = {
  id: 'napkins1', collectionId: 'shop1', title: 'Monogrammed Napkins',
  structuredContent: {
    productType: 1, variants: [{ id: 'v9', sku: 'SQ-NAPKIN-SET', attributes: {}, qtyInStock: 10, unlimited: false, price: 5200 }],
    additionalFieldsFormId: 'form1', additionalFieldsForm: monogramForm,
  },
};

const cartWith = (itemId: string, title: string, sku: string, quantity: number, before = 1) => ({
  id: 'c1', subtotalCents: 0, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 0, totalQuantity: before + quantity,
  entries: [
    { id: 'e0', itemId: 'other', title: 'Linen Shirt', quantity: before, chosenVariant: { sku: 'OTHER', attributes: {} }, additionalFields: null, purchasePriceCents: 0 },
    { id: 'e1', itemId, title, quantity, chosenVariant: { sku, attributes: {} }, additionalFields: null, purchasePriceCents: 0 },
  ],
});

const ENTRIES = '/api/commerce/shopping-cart/entries';

function showProduct(item: unknown): void {
  const cart = { entries: [{ quantity: 1 }] };
  document.body.innerHTML = compile(PRODUCT_ITEM).render({ item, shoppingCart: cart }).html;
}

const addButton = (): HTMLElement => screen.getByRole('button', { name: /Add To Cart|Adding…|Added!/ });
const buttonText = (): string => addButton().textContent?.trim() ?? '';
const cartQuantity = (): string => document.querySelector('.sqs-cart-quantity')?.textContent ?? '';

describe('the commerce formatters\' Add To Cart button', () => {
  let stop: Array<() => void> = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    clearCookies();
    setCookies('crumb=abc123');
  });
  afterEach(() => {
    for (const done of stop) done();
    stop = [];
    document.body.innerHTML = '';
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const start = (): void => {
    stop.push(attachFormatterButtons(document), keepCartQuantitiesInStep(document));
  };

  it('refuses to add until a variant is chosen, saying so in an alert beside the button, and asks the store nothing', async () => {
    const calls = scriptFetch([]);
    showProduct(mug);
    start();
    fireEvent.click(addButton());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(`${ALERT_TITLE.addItem} ${selectOptionsMessage(['Glaze'])}`);
    // the alert stands right after the button's wrapper, as the island's stands under its button
    expect(alert.closest('.sqs-add-to-cart-feedback')?.previousElementSibling?.classList.contains('sqs-add-to-cart-button-wrapper')).toBe(true);
    expect(calls).toEqual([]);
    // the pause after an error ignores presses, then the button takes them again
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    await advance(BUTTON_DELAYS.afterErrorMs);
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('adds the chosen variant and quantity with the crumb, disabled meanwhile, then says so and updates every cart quantity on the page', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const calls = scriptFetch([{ method: 'POST', path: ENTRIES, answer: { after: answered, body: { shoppingCart: cartWith('mug1', 'Stoneware Mug', 'SQ-MUG-OAT', 2) } } }]);
    showProduct(mug);
    expect(cartQuantity()).toBe('1');
    start();
    fireEvent.change(screen.getByRole('combobox', { name: 'Select Glaze' }), { target: { value: 'Oat' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '2' } });
    // Enter works as on any button (the formatter's is a div with role="button")
    fireEvent.keyDown(addButton(), { key: 'Enter' });
    await settle();
    expect(buttonText()).toBe(BUTTON.adding);
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    // said politely too: a label changing inside the focused button is not announced
    expect(screen.getByRole('status').textContent).toBe(ADD_TO_CART_STATUS.addingToCart);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    fireEvent.click(addButton());
    await settle();
    const adds = calls.filter((call) => call.url === ENTRIES);
    expect(adds).toHaveLength(1);
    expect(adds[0]!.headers['X-CSRF-Token']).toBe('abc123');
    expect(adds[0]!.body).toEqual({ itemId: 'mug1', sku: 'SQ-MUG-OAT', quantity: 2, additionalFields: null });

    answer();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(ADD_TO_CART_STATUS.added('2 of Stoneware Mug (Glaze: Oat)'));
    expect(cartQuantity()).toBe('3');
    await advance(BUTTON_DELAYS.beforeAddedMs);
    expect(buttonText()).toBe(BUTTON.added);
    await advance(BUTTON_DELAYS.addedToIdleMs);
    expect(buttonText()).toBe('Add To Cart');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('shows the store\'s refusal as the island does, with how many are left when it is the stock', async () => {
    const calls = scriptFetch([
      { method: 'POST', path: ENTRIES, answer: { status: 400, body: { message: ADD_TO_CART.notEnoughStock } } },
      { method: 'GET', path: '/api/commerce/inventory/stock/', answer: { body: { results: [{ variantId: 'v2', sku: 'SQ-MUG-SLATE', qtyInStock: 1, unlimited: false }] } } },
    ]);
    showProduct(mug);
    start();
    fireEvent.change(screen.getByRole('combobox', { name: 'Select Glaze' }), { target: { value: 'Slate' } });
    fireEvent.click(addButton());
    await settle();
    expect(calls.map((call) => call.url.split('?')[0])).toEqual([ENTRIES, '/api/commerce/inventory/stock/']);
    expect(screen.getByRole('alert').textContent).toBe(`${ALERT_TITLE.addItem} ${ADD_TO_CART.notEnoughStock} Only 1 left.`);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(cartQuantity()).toBe('1');
  });

  it('reads the choice from the radio buttons when the template shows those, and keeps them and the dropdown together', async () => {
    const calls = scriptFetch([{ method: 'POST', path: ENTRIES, answer: { body: { shoppingCart: cartWith('mug1', 'Stoneware Mug', 'SQ-MUG-SLATE', 1) } } }]);
    showProduct(mug);
    start();
    fireEvent.click(document.querySelector<HTMLInputElement>('input.variant-radiobtn[value="Slate"]')!);
    // the dropdown shows the same choice, and a choice there moves the radio buttons
    const dropdown = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Select Glaze' });
    expect(dropdown.value).toBe('Slate');
    fireEvent.change(dropdown, { target: { value: 'Oat' } });
    expect(document.querySelector<HTMLInputElement>('input.variant-radiobtn[value="Oat"]')!.checked).toBe(true);
    expect(document.querySelector<HTMLInputElement>('input.variant-radiobtn[value="Slate"]')!.checked).toBe(false);
    fireEvent.click(document.querySelector<HTMLInputElement>('input.variant-radiobtn[value="Slate"]')!);
    fireEvent.click(addButton());
    await settle();
    expect(calls[0]!.body).toMatchObject({ sku: 'SQ-MUG-SLATE', quantity: 1 });
  });

  it('sends a gift card to its purchase page once a value is chosen, as the island does', async () => {
    const calls = scriptFetch([]);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    showProduct({
      id: 'card1', collectionId: 'shop1', title: 'Gift Card',
      structuredContent: {
        productType: 4, variantOptionOrdering: ['Value'],
        variants: [
          { id: 'g1', sku: 'GC-25', attributes: { Value: '$25.00' }, qtyInStock: 0, unlimited: true, price: 2500 },
          { id: 'g2', sku: 'GC-50', attributes: { Value: '$50.00' }, qtyInStock: 0, unlimited: true, price: 5000 },
        ],
      },
    });
    start();
    fireEvent.click(addButton());
    expect(screen.getByRole('alert').textContent).toBe(`${ALERT_TITLE.giftCard} ${ADD_TO_CART.giftCardDenomination}`);
    await advance(BUTTON_DELAYS.afterErrorMs);
    fireEvent.click(document.querySelector<HTMLInputElement>('input.variant-radiobtn[value="$25.00"]')!);
    fireEvent.click(addButton());
    expect(assign).toHaveBeenCalledWith(PAGE_PATHS.giftCard('card1', 'GC-25'));
    expect(calls).toEqual([]);
    assign.mockRestore();
  });

  it('asks the extra-fields form first, as the island does, and adds with its answers (the SKU of a product without options from the stock call)', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/commerce/inventory/stock/', answer: { body: { results: [{ variantId: 'v9', sku: 'SQ-NAPKIN-SET', qtyInStock: 10, unlimited: false }] } } },
      { method: 'POST', path: ENTRIES, answer: { body: { shoppingCart: cartWith('napkins1', 'Monogrammed Napkins', 'SQ-NAPKIN-SET', 1) } } },
    ]);
    showProduct(napkins);
    start();
    fireEvent.click(addButton());
    await settle();
    await vi.dynamicImportSettled();
    await advance(0);
    const dialog = screen.getByRole('dialog', { name: 'Monogram details' });
    expect(calls.filter((call) => call.url === ENTRIES)).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Initials/), { target: { value: 'AB' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await settle();
    const adds = calls.filter((call) => call.url === ENTRIES);
    expect(adds).toHaveLength(1);
    expect(adds[0]!.body).toMatchObject({ itemId: 'napkins1', sku: 'SQ-NAPKIN-SET', quantity: 1 });
    expect(JSON.parse((adds[0]!.body as { additionalFields: string }).additionalFields)).toMatchObject({ 'text-initials': 'AB' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(ADD_TO_CART_STATUS.added('Monogrammed Napkins'));
    expect(cartQuantity()).toBe('2');
  });

  it('takes over a button a template\'s script puts in after the page loaded, once, with its own pickers', async () => {
    const calls = scriptFetch([{ method: 'POST', path: ENTRIES, answer: { body: { shoppingCart: cartWith('mug1', 'Stoneware Mug', 'SQ-MUG-SLATE', 1) } } }]);
    document.body.innerHTML = '<span class="sqs-cart-quantity">1</span><div class="lightbox"></div>';
    start();
    // a quick view opens: the product's markup arrives, then is put in again as the lightbox redraws
    const lightbox = document.querySelector('.lightbox')!;
    lightbox.innerHTML = compile(PRODUCT_ITEM).render({ item: mug, shoppingCart: { entries: [] } }).html;
    await settle();
    const arrived = lightbox.querySelector('.sqs-add-to-cart-button-wrapper')!;
    arrived.remove();
    lightbox.append(arrived);
    await settle();
    expect(addButton().dataset.state).toBe('idle');
    expect(document.querySelectorAll('.sqs-add-to-cart-feedback')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Select Glaze' }), { target: { value: 'Slate' } });
    fireEvent.click(addButton());
    await settle();
    expect(calls.filter((call) => call.url === ENTRIES)).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ itemId: 'mug1', sku: 'SQ-MUG-SLATE' });
    expect(screen.getByRole('status').textContent).toBe(ADD_TO_CART_STATUS.added('Stoneware Mug (Glaze: Slate)'));
  });

  it('starts on a page without a button once one arrives', async () => {
    scriptFetch([]);
    document.body.innerHTML = '<main></main>';
    void startTemplateCommerce(document);
    await settle();
    document.querySelector('main')!.innerHTML = compile(PRODUCT_ITEM).render({ item: mug, shoppingCart: { entries: [] } }).html;
    await settle();
    await vi.dynamicImportSettled();
    await settle();
    expect(addButton().dataset.state).toBe('idle');
    fireEvent.click(addButton());
    expect(screen.getByRole('alert').textContent).toBe(`${ALERT_TITLE.addItem} ${selectOptionsMessage(['Glaze'])}`);
  });
});
