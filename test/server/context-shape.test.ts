import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../engine/index.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

/**
 * The page contexts must be shaped like the platform's so the library formatters work on them
 * unchanged: render the formatters against the very JSON a product page receives.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function productContext(urlId: string): Promise<Record<string, unknown>> {
  return (await fetch(`${server.url}/shop/p/${urlId}?format=json`)).json() as Promise<Record<string, unknown>>;
}

function render(source: string, context: Record<string, unknown>): string {
  const result = compile(source).render(context);
  expect(result.errors).toEqual([]);
  return result.html;
}

describe('product contexts work with the commerce formatters', () => {
  it('variants-select lists the options in their stored order', async () => {
    const html = render('{item|variants-select}', await productContext('linen-shirt'));
    expect(html).toContain('Select Size');
    expect(html.indexOf('Select Size')).toBeLessThan(html.indexOf('Select Color'));
  });

  it('quantity-input shows for stock above one and hides for the last one and for digital goods', async () => {
    expect(render('{item|quantity-input}', await productContext('linen-shirt'))).toContain('<input');
    expect(render('{item|quantity-input}', await productContext('bud-vase')).trim()).toBe('');
    expect(render('{item|quantity-input}', await productContext('natural-dye-guide')).trim()).toBe('');
    expect(render('{item|quantity-input}', await productContext('coffee-club')).trim()).toBe('');
  });

  it('add-to-cart-btn carries the extra-fields form and the custom label', async () => {
    const html = render('{item|add-to-cart-btn}', await productContext('monogram-napkins'));
    expect(html).toContain('use-form');
    expect(html).toContain('Personalise &amp; Add');
    expect(html).toContain('data-form="');
  });

  it('product-restock-notification offers the box for the sold-out variant by product and variant id', async () => {
    const context = await productContext('brass-lamp');
    const item = context.item as { id: string; structuredContent: { variants: Array<{ id: string }> } };
    const html = render('{item|product-restock-notification}', context);
    expect(html).toContain(`data-product-id="${item.id}" data-variant-id="${item.structuredContent.variants[0]!.id}"`);
    expect(html).toContain('Get notified by email when this product is back in stock');
  });

  it('product-price and product-status read prices, sales and subscriptions', async () => {
    expect(render('{item|product-price}', await productContext('stoneware-mug'))).toContain('original-price');
    expect(render('{item|product-status}', await productContext('brass-lamp'))).toContain('sold-out');
    expect(render('{item|product-status}', await productContext('natural-dye-guide'))).toContain('sale');
    expect(render('{item|product-price}', await productContext('coffee-club'))).toMatch(/month/i);
  });
});
