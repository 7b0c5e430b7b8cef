// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderIsland } from '../../client/server-render.ts';
import { escapePropsAttribute } from '../../client/lib/island-root.ts';
import { scriptFetch, settle } from './helpers.ts';
import { render, screen, cleanup } from '@testing-library/react';
import { IslandBoundary } from '../../client/components/IslandBoundary.tsx';
import { Image } from '../../client/components/Image.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const productProps = {
  itemId: 'p1', productName: 'Shirt', productType: 1, currency: 'USD', showQuantity: true,
  variantOptions: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { id: 'v1', sku: 'S1', attributes: { Size: 'S' }, qtyInStock: 2, unlimited: false, priceCents: 5000 },
    { id: 'v2', sku: 'S2', attributes: { Size: 'M' }, qtyInStock: 0, unlimited: false, priceCents: 5000 },
  ],
  instalments: { locale: 'en_US', minCents: 3500, maxCents: 200000 },
  restock: { mailingListSignUpEnabled: true },
};

describe('server render and hydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('escapes props so no markup can break out of the attribute', () => {
    const html = renderIsland('CartPill', { currency: `USD'></div><script>alert(1)</script>`, initialQuantity: 2 });
    expect(html.startsWith(`<div data-island="CartPill" data-props='`)).toBe(true);
    expect(html).not.toContain('<script>');
    const attribute = html.slice(html.indexOf(`data-props='`) + 12, html.indexOf(`'>`));
    expect(attribute).not.toMatch(/['<>"]/);
    expect(escapePropsAttribute(`{"a":"'&<>"}`)).toBe('{&quot;a&quot;:&quot;&#39;&amp;&lt;&gt;&quot;}');
    const host = document.createElement('div');
    host.innerHTML = html;
    const root = host.firstElementChild as HTMLElement;
    expect(JSON.parse(root.getAttribute('data-props')!).currency).toBe(`USD'></div><script>alert(1)</script>`);
  });

  it('hydrates every island without mismatch warnings and makes it interactive', async () => {
    scriptFetch([]);
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = [
      renderIsland('AddToCart', productProps),
      renderIsland('CartPill', { currency: 'USD', initialQuantity: 0 }),
      renderIsland('FormBlock', { form: { id: 'f', fields: [{ id: 'a', type: 'textarea', title: 'A', maxLength: 5 }, { id: 'n', type: 'name', title: 'N' }] } }),
      renderIsland('Gallery', { id: 'g', images: [{ src: '/a.jpg', alt: 'A', width: 600, height: 400 }], options: { design: 'slideshow', controls: true } }),
      renderIsland('CartPage', { cart: null }),
      renderIsland('Newsletter', { blockId: 'n' }),
      renderIsland('RestockSignup', { productId: 'p', variantId: 'v' }),
      renderIsland('Instalments', { priceCents: 10000, currency: 'USD', locale: 'en_US', minCents: 1, maxCents: 100000, productType: 1 }),
    ].join('');
    const serverHtml = document.body.innerHTML;
    const { hydrateIslands } = await import('../../client/hydrate.ts');
    await act(async () => {
      await hydrateIslands();
    });
    await settle();
    expect(errors).not.toHaveBeenCalled();
    expect(document.querySelectorAll('[data-hydrated="true"]')).toHaveLength(8);
    expect(serverHtml).toContain('Select Size');
    const select = document.querySelector('select[aria-label="Size"]') as HTMLSelectElement;
    await act(async () => {
      select.value = 'M';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(document.querySelector('.restock-signup[data-variant-id="v2"]')).toBeTruthy();
  });

  it('keeps the size and quantity chosen before the island loaded, and is marked hydrated only once live', async () => {
    const cart = { id: 'c1', entries: [], subtotalCents: 10000, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 10000, totalQuantity: 2 };
    const calls = scriptFetch([{ method: 'POST', path: '/api/commerce/shopping-cart/entries', answer: { body: { shoppingCart: cart, newlyAdded: {} } } }]);
    const errors = vi.spyOn(console, 'error');
    // The product template around the island: the engine's price area ("from …" until a variant is chosen).
    document.body.innerHTML = '<div class="product-price-area" data-product-price-for="p1"><div class="product-price">from $50.00</div></div>'
      + renderIsland('AddToCart', productProps);
    const root = document.querySelector<HTMLElement>('[data-island="AddToCart"]')!;
    const select = root.querySelector<HTMLSelectElement>('select[aria-label="Size"]')!;
    const quantity = root.querySelector<HTMLInputElement>('input[aria-label="Quantity"]')!;
    const button = root.querySelector<HTMLButtonElement>('button.sqs-add-to-cart-button')!;
    // The server's button is visibly not ready: a tap before the island loads cannot be lost.
    expect(button.disabled).toBe(true);
    // The shopper picks a size and a quantity while the island's script is still on its way.
    select.value = 'S';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    quantity.value = '2';
    quantity.dispatchEvent(new Event('input', { bubbles: true }));
    const { hydrateIslands } = await import('../../client/hydrate.ts');
    await act(async () => {
      const hydrating = hydrateIslands();
      // Not live yet: the island's code has not even loaded.
      expect(root.getAttribute('data-hydrated')).toBeNull();
      await hydrating;
    });
    await settle();
    expect(errors).not.toHaveBeenCalled();
    expect(root.getAttribute('data-hydrated')).toBe('true');
    expect(select.value).toBe('S');
    expect(quantity.value).toBe('2');
    // The island took the choice over: the chosen variant's price, and a live button.
    const area = document.querySelector('[data-product-price-for="p1"]')!;
    expect(area.classList.contains('has-variant-price')).toBe(true);
    expect(area.querySelector('.product-price--variant')!.textContent).toBe('$50.00');
    expect(button.isConnected && button.disabled).toBe(false);
    await act(async () => {
      root.querySelector<HTMLButtonElement>('button.sqs-add-to-cart-button')!.click();
    });
    await settle();
    const add = calls.find((call) => call.url === '/api/commerce/shopping-cart/entries');
    expect(add?.body).toEqual({ itemId: 'p1', sku: 'S1', quantity: 2, additionalFields: null });
  });

  it('leaves an island whose code fails to load unmarked', async () => {
    scriptFetch([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { islandLoaders } = await import('../../client/islands/loaders.ts');
    const failing = vi.spyOn(islandLoaders, 'CartPill').mockRejectedValue(new Error('chunk failed'));
    document.body.innerHTML = renderIsland('CartPill', { currency: 'USD', initialQuantity: 0 });
    const { hydrateIslands } = await import('../../client/hydrate.ts');
    await act(async () => {
      await hydrateIslands();
    });
    expect(failing).toHaveBeenCalled();
    expect(document.querySelector('[data-island="CartPill"]')!.getAttribute('data-hydrated')).toBeNull();
  });

  it('shows the fallback when an island fails, e.g. an image with invalid inputs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<IslandBoundary><Image src="/a.jpg" width={-5} height={10} alt="" sizes="100vw" /></IslandBoundary>);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
    cleanup();
  });
});
