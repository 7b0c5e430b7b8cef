/**
 * The product page as the variant-aware island needs it: the template's price
 * and scarcity areas named by the product id, the engine's hidden low-stock
 * view per scarce variant, and the island's sold-out text and express-checkout
 * switch from the store and the product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddToCartProps } from '../../client/islands/AddToCart.tsx';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

function decodeEntities(text: string): string {
  return text.replace(/&(quot|#39|#x27|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>', amp: '&' })[name]!);
}

async function productPage(urlId: string): Promise<{ html: string; props: AddToCartProps }> {
  const html = await (await fetch(`${server.url}/shop/p/${urlId}`)).text();
  const json = /<div data-island="AddToCart" data-props='([^']*)'>/.exec(html)![1]!;
  return { html, props: JSON.parse(decodeEntities(json)) as AddToCartProps };
}

describe('product page for the variant-aware island', () => {
  it('names the price and scarcity areas by the product id and renders a hidden low-stock view per scarce variant', async () => {
    const shirt = seededProduct('linen-shirt');
    const { html } = await productPage('linen-shirt');
    expect(html).toContain(`<div class="product-price-area" data-product-price-for="${shirt.id}">`);
    expect(html).toContain(`<div class="product-scarcity-area" data-product-scarcity-for="${shirt.id}">`);
    // Threshold 3: the white M (1 left) and the white L (3 left); not the white S (5) nor the sold-out natural S.
    const views = [...html.matchAll(/<div class="product-scarcity" data-variant-attributes="([^"]*)" hidden>\s*([^<]*?)\s*<\/div>/g)]
      .map((match) => [JSON.parse(decodeEntities(match[1]!)), match[2]]);
    expect(views).toEqual([
      [{ Size: 'M', Color: 'White' }, 'Only 1 left in stock'],
      [{ Size: 'L', Color: 'White' }, 'Only 3 left in stock'],
    ]);
  });

  it('gives the island the store\'s sold-out text and the product\'s express-checkout switch', async () => {
    const shirt = await productPage('linen-shirt');
    expect(shirt.props.soldOutText).toBe('Sold out');
    expect(shirt.props.expressCheckout).toBe(false);
    expect(shirt.props.moneyFormat).toMatchObject({ currency: 'USD', positive: { prefix: '$', suffix: '' } });
    const visit = await productPage('studio-visit');
    expect(visit.props.expressCheckout).toBe(true);
  });

  it('offers no instalments unless the store turns them on (its checkout has no instalment option), and never on a subscription', async () => {
    // Off as seeded: the offer would promise a way to pay that the checkout does not have.
    const seeded = await productPage('linen-shirt');
    expect(seeded.props.instalments).toBeNull();
    expect(seeded.html).not.toContain('instalment-message');
    const site = new SiteRepository(server.app.deps.store);
    const settings = await site.websiteSettings();
    const storeSettings = settings.storeSettings as Record<string, unknown>;
    expect(storeSettings.instalments).toMatchObject({ enabled: false });
    await site.writeSetting('websiteSettings', {
      ...settings,
      storeSettings: { ...storeSettings, instalments: { ...(storeSettings.instalments as object), enabled: true } },
    });
    try {
      const shirt = await productPage('linen-shirt');
      expect(shirt.props.instalments).toMatchObject({ locale: 'en_US', available: true });
      expect(shirt.html).toContain('instalment-message');
      // Physical products only.
      expect((await productPage('natural-dye-guide')).html).not.toContain('instalment-message');
      // A subscription is billed every period, not split into four payments.
      const coffee = await productPage('coffee-club');
      expect(coffee.props.isSubscribable).toBe(true);
      expect(coffee.props.instalments).toBeNull();
      expect(coffee.html).not.toContain('instalment-message');
    } finally {
      await site.writeSetting('websiteSettings', settings);
    }
  });
});
