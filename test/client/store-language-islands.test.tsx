// @vitest-environment jsdom
/**
 * A German store's islands: rendered by the server in German and hydrated in German, the
 * language read from the page's context, so the browser's first render matches the server's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderIsland } from '../../client/server-render.ts';
import { adoptPageLanguage } from '../../client/lib/language.ts';
import '../../client/lib/messages/translations.ts';
import { PAGE_CONTEXT_ELEMENT_ID } from '../../client/lib/page-context.ts';
import { scriptFetch, settle } from './helpers.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const product = {
  itemId: 'p1', productName: 'Leinenhemd', productType: 1, currency: 'EUR', showQuantity: true,
  variantOptions: [{ name: 'Größe', values: ['S', 'M'] }],
  variants: [
    { id: 'v1', sku: 'S1', attributes: { Größe: 'S' }, qtyInStock: 2, unlimited: false, priceCents: 5000 },
    { id: 'v2', sku: 'S2', attributes: { Größe: 'M' }, qtyInStock: 3, unlimited: false, priceCents: 5000 },
  ],
};

const quote = {
  currency: 'EUR',
  lines: [{ key: '0', productName: 'Wolldecke', variantLabel: '', quantity: 1, unitPriceCents: 14000, lineTotalCents: 14000, billingInterval: '' }],
  subtotalCents: 14000, requiresShipping: true,
  shippingOptions: [{ id: 'standard', name: 'Standard', costCents: 600 }], selectedShippingOptionId: 'standard', shippingCents: 600,
  taxCents: 0, taxIncluded: true, taxName: 'MwSt.', taxRateTenths: 190, totalCents: 14600, needsRecipient: false, discountable: true,
  giftCard: null, giftCardError: null, amountDueCents: 14600, discountCents: 0, discount: null, discountError: null,
};

afterEach(() => {
  document.body.innerHTML = '';
  document.getElementById(PAGE_CONTEXT_ELEMENT_ID)?.remove();
  adoptPageLanguage('en');
  vi.restoreAllMocks();
});

describe('the islands of a German store', () => {
  it('render in German on the server and hydrate in German without a mismatch', async () => {
    scriptFetch([]);
    const errors = vi.spyOn(console, 'error');
    // the server writes the store's language (per request there; here, the module's)
    adoptPageLanguage('de-DE');
    const html = [
      renderIsland('AddToCart', product),
      renderIsland('CartPage', { cart: null }),
      renderIsland('Checkout', { quote, countries: [{ code: 'DE', name: 'Deutschland' }], testMode: false }),
    ].join('');
    // the browser knows only what the page says
    adoptPageLanguage('en');
    const context = document.createElement('script');
    context.type = 'application/json';
    context.id = PAGE_CONTEXT_ELEMENT_ID;
    context.textContent = JSON.stringify({ locale: 'de-DE' });
    document.head.append(context);
    document.body.innerHTML = html;

    const { hydrateIslands } = await import('../../client/hydrate.ts');
    await act(async () => {
      await hydrateIslands();
    });
    await settle();
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelectorAll('[data-hydrated="true"]')).toHaveLength(3);
    const text = document.body.textContent ?? '';
    expect(text).toContain('In den Warenkorb');
    expect(text).toContain('Größe auswählen');
    expect(text).toContain('Ihr Warenkorb ist leer.');
    expect(text).toContain('Lieferadresse');
    const button = [...document.querySelectorAll('button')].find((element) => element.getAttribute('type') === 'submit' && element.closest('form'));
    expect(button?.textContent).toMatch(/^Zahlungspflichtig bestellen/);
    expect(text).not.toMatch(/Add to Cart|Place order|Shipping address|Select Größe/);
  });
});
