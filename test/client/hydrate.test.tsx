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

  it('shows the fallback when an island fails, e.g. an image with invalid inputs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<IslandBoundary><Image src="/a.jpg" width={-5} height={10} alt="" sizes="100vw" /></IslandBoundary>);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
    cleanup();
  });
});
