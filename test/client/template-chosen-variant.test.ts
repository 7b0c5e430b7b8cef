// @vitest-environment jsdom
/**
 * A developer template's product page follows the variant chosen in the `variants-select` pickers
 * (client/template-commerce/chosen-variant.ts): the `product-price` markup shows the variant's price
 * byte for byte as the engine writes a product of that one variant, in the store's money format
 * from the page context, and a sold-out variant's button says so and takes no presses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { compile } from '../../engine/index.ts';
import { attachFormatterButtons } from '../../client/template-commerce/add-to-cart-buttons.ts';
import { moneyFormatFor } from '../../server/commerce/money-format.ts';
import { PAGE_CONTEXT_ELEMENT_ID } from '../../client/lib/page-context.ts';
import { BUTTON } from '../../client/lib/messages.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const PRODUCT_ITEM = '{.section item}<div class="product"><h2>{title}</h2>{@|product-price}{@|variants-select}{@|add-to-cart-btn}</div>{.end}';
const PRICE_ONLY = '{.section item}{@|product-price}{.end}';

const money = (value: string, currency: string) => ({ value, currency });

const variant = (id: string, size: string, price: string, qtyInStock: number, currency: string, sale?: string) => ({
  id, sku: `SKU-${id}`, attributes: { Size: size }, qtyInStock, unlimited: false,
  price: Math.round(Number(price) * 100), priceMoney: money(price, currency),
  onSale: sale !== undefined, salePrice: sale === undefined ? 0 : Math.round(Number(sale) * 100), salePriceMoney: money(sale ?? '0.00', currency),
});

function throw_(currency: string, productType = 1) {
  return {
    id: 'throw1', collectionId: 'shop1', title: 'Wool Throw',
    structuredContent: {
      productType, variantOptionOrdering: ['Size'],
      variants: [variant('v1', 'Lap', '1400.00', 2, currency), variant('v2', 'Bed', '1900.00', 0, currency), variant('v3', 'King', '2400.00', 5, currency, '2100.00')],
    },
  };
}

/** The page as the server writes it: the store's locale is the render's, and its money format is in the page context. */
function showPage(item: ReturnType<typeof throw_>, currency: string, locale: string): void {
  const context = { moneyFormat: moneyFormatFor(currency, locale) };
  document.body.innerHTML = `<script type="application/json" id="${PAGE_CONTEXT_ELEMENT_ID}">${JSON.stringify(context)}</script>`
    + compile(PRODUCT_ITEM).render({ item, website: { useCLDRMoneyFormat: true } }, { locale }).html;
}

/** The engine's own price markup for a product of just this one variant. */
function enginePriceOf(item: ReturnType<typeof throw_>, variantId: string, locale: string): string {
  const only = { ...item, structuredContent: { ...item.structuredContent, variants: item.structuredContent.variants.filter((v) => v.id === variantId) } };
  const holder = document.createElement('div');
  holder.innerHTML = compile(PRICE_ONLY).render({ item: only, website: { useCLDRMoneyFormat: true } }, { locale }).html;
  return holder.querySelector('.product-price')!.innerHTML;
}

const price = (): HTMLElement => document.querySelector<HTMLElement>('.product-price')!;
const choose = (size: string): void => {
  // a gift card's dropdown has a label of its own
  fireEvent.change(document.querySelector('select[data-variant-option-name="Size"]')!, { target: { value: size } });
};
const addButton = (): HTMLElement => document.querySelector<HTMLElement>('.sqs-add-to-cart-button[data-item-id]')!;

describe('a developer template\'s product page following the chosen variant', () => {
  let stop: Array<() => void> = [];
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=abc123');
  });
  afterEach(() => {
    for (const done of stop) done();
    stop = [];
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('shows the chosen variant\'s price as the engine writes it, its sale price before the original, and the "from" price again once the choice is undone', () => {
    const item = throw_('USD');
    showPage(item, 'USD', 'en-US');
    const formatterMarkup = price().innerHTML;
    expect(formatterMarkup).toContain('from $1,400.00');
    stop.push(attachFormatterButtons(document));

    choose('Bed');
    expect(price().innerHTML).toBe(enginePriceOf(item, 'v2', 'en-US'));
    expect(price().textContent?.trim()).toBe('$1,900.00');

    choose('King');
    expect(price().innerHTML).toBe(enginePriceOf(item, 'v3', 'en-US'));
    expect(price().querySelector('.original-price')?.textContent).toBe('$2,400.00');

    choose('');
    expect(price().innerHTML).toBe(formatterMarkup);
  });

  it('writes money in the store\'s currency and locale, as the server does', () => {
    const item = throw_('EUR');
    showPage(item, 'EUR', 'de-DE');
    stop.push(attachFormatterButtons(document));
    choose('Lap');
    expect(price().innerHTML).toBe(enginePriceOf(item, 'v1', 'de-DE'));
    expect(price().textContent).toContain('1.400,00');
  });

  it('labels the button sold out and ignores presses while the chosen variant has no stock, and takes them again for one in stock', async () => {
    const calls = scriptFetch([]);
    showPage(throw_('USD'), 'USD', 'en-US');
    stop.push(attachFormatterButtons(document));
    choose('Bed');
    expect(addButton().textContent?.trim()).toBe(BUTTON.soldOut);
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    expect(addButton().classList.contains('sold-out')).toBe(true);
    fireEvent.click(addButton());
    await settle();
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');

    choose('Lap');
    expect(addButton().textContent?.trim()).toBe('Add To Cart');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
    expect(addButton().classList.contains('sold-out')).toBe(false);
  });

  it('never marks a digital product sold out, and leaves a gift card\'s price as the formatter wrote it', () => {
    showPage(throw_('USD', 2), 'USD', 'en-US');
    stop.push(attachFormatterButtons(document));
    choose('Bed');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
    for (const done of stop) done();
    stop = [];

    showPage(throw_('USD', 4), 'USD', 'en-US');
    const formatterMarkup = price().innerHTML;
    stop.push(attachFormatterButtons(document));
    choose('Lap');
    expect(price().innerHTML).toBe(formatterMarkup);
  });

  it('pairs each copy of a product shown twice in one container (two quick views) with its own price and button', () => {
    const item = throw_('USD');
    const copy = compile('{.section item}{@|product-price}{@|variants-select}{@|add-to-cart-btn}{.end}').render({ item, website: { useCLDRMoneyFormat: true } }).html;
    document.body.innerHTML = `<script type="application/json" id="${PAGE_CONTEXT_ELEMENT_ID}">${JSON.stringify({ moneyFormat: moneyFormatFor('USD', 'en-US') })}</script>`
      + `<div class="quick-views">${copy}${copy}</div>`;
    stop.push(attachFormatterButtons(document));
    const [, second] = Array.from(document.querySelectorAll('select[data-variant-option-name="Size"]'));
    fireEvent.change(second!, { target: { value: 'Bed' } });
    const prices = Array.from(document.querySelectorAll('.product-price')).map((element) => element.textContent?.trim());
    expect(prices).toEqual(['from $1,400.00', '$1,900.00']);
    const buttons = Array.from(document.querySelectorAll('.sqs-add-to-cart-button[data-item-id]')).map((element) => element.textContent?.trim());
    expect(buttons).toEqual(['Add To Cart', BUTTON.soldOut]);
  });
});
