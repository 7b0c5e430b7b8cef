import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { serverMessages } from '../../server/messages.ts';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { dropTable } from './helpers/drop-table.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { PURCHASE_EVENT_WINDOW_MS } from '../../server/pages/checkout-pages.ts';
import { Visitor } from './helpers/visitor.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const vase = seededProduct('bud-vase');
const mug = seededProduct('stoneware-mug');
const coffee = seededProduct('coffee-club');
const giftCard = seededProduct('gift-card');
const lamp = seededProduct('brass-lamp');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

function pageType(html: string): number {
  const match = /<body[^>]*data-page-type="(\d+)"/.exec(html);
  return match ? Number(match[1]) : -1;
}

describe('page types and status codes', () => {
  it.each([
    ['/', 200, 2],
    ['/shop', 200, 1],
    ['/shop/p/linen-shirt', 200, 50],
    ['/cart', 200, 200],
    ['/checkout', 200, 201],
    ['/search?q=linen', 200, 102],
    ['/contact', 200, 2],
    ['/gallery', 200, 1],
    ['/lessons', 200, 1],
    ['/lessons/indigo-basics', 200, 50],
    ['/lessons/glazing-at-home', 403, 106],
    ['/no/such/page', 404, 100],
    ['/shop/p/no-such-product', 404, 100],
    [`/checkout/gift-card?itemId=${giftCard.id}&sku=SQ-GIFT-50`, 200, 201],
    [`/checkout/gift-card?itemId=${giftCard.id}`, 400, 201],
    ['/checkout/subscription?cartToken=unknown', 404, 100],
  ])('%s answers %i with page type %i', async (path, status, type) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(pageType(await response.text())).toBe(type);
  });

  it('renders the header cart link as the cart island with the visitor\'s item count, on the cart page too', async () => {
    const v = await new Visitor(server.url).start();
    expect((await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 2 })).status).toBe(200);
    expect((await v.post(ENTRIES, { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    for (const path of ['/', '/cart']) {
      const html = (await v.get<string>(path)).text;
      const header = /<header class="site-header">([\s\S]*?)<\/header>/.exec(html)![1]!;
      const island = /<div data-island="CartPill" data-props='([^']*)'>([\s\S]*?)<\/div>/.exec(header)!;
      expect(island, path).not.toBeNull();
      expect(island[2]).toContain('aria-label="3 items in cart"');
      expect(/data-cart-count="">(\d+)</.exec(island[2])![1]).toBe('3');
      expect(island[2]).not.toContain('cart-link--empty');
    }
  });

  it('links the search page from the header of every page, the search page itself included', async () => {
    for (const path of ['/', '/shop', '/shop/p/linen-shirt', '/cart', '/search?q=linen', '/no/such/page']) {
      const html = await (await fetch(server.url + path)).text();
      const header = /<header class="site-header">([\s\S]*?)<\/header>/.exec(html)![1]!;
      expect(header, path).toMatch(/<a class="header-search" href="\/search"[^>]*>[\s\S]*?Search[\s\S]*?<\/a>/);
    }
  });

  it('shows one newsletter sign-up on a page, the footer\'s, the home page included', async () => {
    for (const path of ['/', '/shop', '/contact']) {
      const html = await (await fetch(server.url + path)).text();
      expect(html.match(/data-island="Newsletter"/g), path).toHaveLength(1);
      expect(html, path).toMatch(/<div class="footer-newsletter"><div data-island="Newsletter"/);
    }
  });

  it('tells page scripts the page type and site in a JSON element', async () => {
    const html = await (await fetch(`${server.url}/lessons/glazing-at-home`)).text();
    const json = /<script type="application\/json" id="storefront-page-context" nonce="[^"]+">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toMatchObject({ pageType: 106, websiteId: '6570a1b2c3d4e5f6a7b80001', locale: 'en-US', cookiePolicy: 'permissive' });
  });

  it('serves the theme stylesheet with the 432px mobile breakpoint', async () => {
    const css = await (await fetch(`${server.url}/theme/site.css`)).text();
    expect(css).toContain('@media (max-width: 432px)');
  });
});

describe('product page', () => {
  it('shows price, add to cart, scarcity and reviews for a physical product with variants', async () => {
    const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
    expect(html).toContain('class="product-price"');
    expect(html).toContain('data-island="AddToCart"');
    expect(html).toContain('class="product-scarcity"');
    expect(html).toContain('class="product-reviews"');
    expect(html).toContain('Perfect weight');
    // a review's stars are one image named by its rating (a paragraph's own label is ignored, and each star read aloud)
    expect(html).toContain('<p class="review-stars" role="img" aria-label="5 out of 5">★★★★★</p>');
    expect(html).toContain('data-island="Gallery"');
  });

  it('shows a product\'s only photo in the gallery island, so it opens large as several do, with nothing to page through', async () => {
    const html = await (await fetch(`${server.url}/shop/p/stoneware-mug`)).text();
    const media = html.slice(html.indexOf('<div class="product-media">'), html.indexOf('<div class="product-info">'));
    expect(media).toContain('data-island="Gallery"');
    // rendered by the server, so the page shows the photo before (and without) scripts
    expect(media).toMatch(/<img src="\/theme\/images\/stoneware-mug\.svg" width="1500" height="1000" alt="Speckled stoneware mug"/);
    expect(media).toContain('aria-haspopup="dialog"');
    expect(media).not.toContain('gallery__controls');
    expect(media).not.toContain('gallery__thumbs');
  });

  it('tells the browser how wide the product photos are laid out (its column, up to 605 px), so a desktop loads the copy near that width', async () => {
    const html = await (await fetch(`${server.url}/shop/p/stoneware-mug`)).text();
    const props = /data-island="Gallery" data-props='([^']*)'/.exec(html)?.[1] ?? '';
    expect(props).toContain('&quot;sizes&quot;:&quot;(max-width: 432px) 100vw, (max-width: 1120px) 60vw, 605px&quot;');
  });

  it('marks a sold-out product and offers the restock box for its variant', async () => {
    const html = await (await fetch(`${server.url}/shop/p/brass-lamp`)).text();
    expect(html).toContain('product-mark sold-out');
    expect(html).toContain(`data-product-id="${lamp.id}" data-variant-id="${lamp.variants[0]!.id}"`);
  });

  it('shows no instalment message while the store has instalments off, as seeded (product-page.test.ts turns them on)', async () => {
    const physical = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
    expect(physical).not.toContain('instalment-message');
  });

  it('marks a product on sale', async () => {
    const html = await (await fetch(`${server.url}/shop/p/stoneware-mug`)).text();
    expect(html).toContain('original-price');
  });

  it('hides reviews when the kill switch is on', async () => {
    const { store } = server.app.deps;
    const original = (await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'"))!.value_json;
    const settings = JSON.parse(original) as { featureFlags: Record<string, unknown> };
    settings.featureFlags.productReviewsKillSwitch = true;
    await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
    try {
      const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
      expect(html).not.toContain('class="product-reviews"');
    } finally {
      await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [original]);
    }
  });
});

describe('?format=json', () => {
  it('answers the context the template received, shaped like the platform', async () => {
    const response = await fetch(`${server.url}/shop/p/linen-shirt?format=json`);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const context = await response.json() as Record<string, any>;
    expect(context.pageType).toBe(50);
    expect(context.website.siteTitle).toBe('Linen & Loam');
    // Prices are written through CLDR in the store's locale, the format the islands share.
    expect(context.website.useCLDRMoneyFormat).toBe(true);
    expect(context.collection.typeCode).toBe(13);
    const variant = context.item.structuredContent.variants[0];
    expect(variant).toMatchObject({ sku: expect.any(String), priceMoney: { currency: 'USD', value: '68.00' }, unlimited: false });
    expect(context.item.structuredContent.productType).toBe(1);
    expect(context.productMerchandisingContext[context.item.id].scarcityEnabled).toBe(true);
    const pretty = await (await fetch(`${server.url}/shop/p/linen-shirt?format=json-pretty`)).text();
    expect(pretty).toContain('\n  "website"');
    // The same context but for the CSP nonce, which is each response's own.
    const withoutNonce = (value: Record<string, any>) => JSON.parse(JSON.stringify(value).replaceAll(value.cspNonce as string, 'NONCE')) as unknown;
    expect(withoutNonce(JSON.parse(pretty) as Record<string, any>)).toEqual(withoutNonce(context));
  });

  it('leaves out a social account whose profile link could run script, as a navigation link is left out', async () => {
    const site = new SiteRepository(server.app.deps.store);
    const stored = await site.website();
    const accounts = [
      { serviceName: 'instagram-unauth', profileUrl: 'https://instagram.com/linenandloam', iconEnabled: true },
      { serviceName: 'youtube-unauth', profileUrl: ' java\tscript:alert(1)', iconEnabled: true },
    ];
    await site.writeSetting('website', { ...stored, socialAccounts: accounts });
    try {
      const context = await (await fetch(`${server.url}/?format=json`)).json() as Record<string, any>;
      expect(context.website.socialAccounts).toEqual([accounts[0]]);
    } finally {
      await site.writeSetting('website', stored);
    }
  });

  it('never carries secrets, owner data or another visitor\'s cart', async () => {
    // where new orders are emailed, and when stock counts as low, are the owner's alone
    const site = new SiteRepository(server.app.deps.store);
    const settings = await site.websiteSettings();
    const store = (settings.storeSettings ?? {}) as Record<string, unknown>;
    await site.writeSetting('websiteSettings', { ...settings, storeSettings: { ...store, orderNotificationEmail: 'orders-private@example.com', lowStockThreshold: 7 } });
    const shopper = await new Visitor(server.url).start();
    await shopper.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
    const cartToken = shopper.cookies.get('CART')!;
    const own = await shopper.get<string>('/cart?format=json');
    const ownText = typeof own.body === 'string' ? own.body : JSON.stringify(own.body);
    expect(ownText).not.toContain(cartToken);
    expect(ownText).not.toContain(OWNER_EMAIL);
    expect(ownText).not.toMatch(/passwordHash|password_hash|scrypt/);
    expect(ownText).not.toContain('orders-private@example.com');
    expect(ownText).not.toContain('lowStockThreshold');
    // the settings a page uses are still there (the currency, the tax rate)
    expect(ownText).toContain('"taxRateBasisPoints":800');
    const stranger = await (await fetch(`${server.url}/cart?format=json`)).json() as { shoppingCart: { entries: unknown[] } };
    expect(stranger.shoppingCart.entries).toEqual([]);
    await site.writeSetting('websiteSettings', settings);
  });
});

describe('escaping', () => {
  it('never renders what a visitor typed unescaped', async () => {
    const typed = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const html = await (await fetch(`${server.url}/search?q=${encodeURIComponent(typed)}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('headings', () => {
  // The browser audit does not visit every page; a skipped level leaves a screen reader's outline with a gap.
  it.each(['/contact', '/gallery', '/lessons', '/lessons/indigo-basics'])('%s goes down its heading levels one at a time', async (path) => {
    const html = await (await fetch(server.url + path)).text();
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    const skips = levels.flatMap((level, index) => (index > 0 && level > levels[index - 1]! + 1 ? [`h${levels[index - 1]} → h${level}`] : []));
    expect(skips).toEqual([]);
  });
});

describe('checkout', () => {
  async function stockOf(variantId: string): Promise<number> {
    return (await server.app.deps.store.get<{ qty_in_stock: number }>('SELECT qty_in_stock FROM variants WHERE id = ?', [variantId]))!.qty_in_stock;
  }

  async function formPost(v: Visitor, path: string, extra: Record<string, string> = {}) {
    return v.post<string>(path, undefined, { withoutCrumb: true, form: { crumb: decodeURIComponent(v.crumb), ...extra } });
  }

  it('places a test-mode order, takes the stock and marks the cart purchased in one go', async () => {
    const v = await new Visitor(server.url).start();
    expect((await v.post(ENTRIES, { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    expect((await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 2 })).status).toBe(200);
    const placed = await placeOrderThroughCheckout(v);
    expect(placed.status).toBe(201);
    const location = placed.body.confirmationUrl!;
    expect(location).toMatch(/^\/checkout\/order-confirmed\/[0-9a-f]{24}\?token=/);

    expect(await stockOf(vase.variants[0]!.id)).toBe(0);
    expect(await stockOf(mug.variants[0]!.id)).toBe(18);

    const confirmed = await v.get<string>(location);
    expect(confirmed.status).toBe(200);
    expect(pageType(confirmed.text)).toBe(202);
    const event = JSON.parse(/<script type="application\/json" id="purchase-event" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(confirmed.text)![1]!) as Record<string, unknown>;
    expect(event).toMatchObject({ transaction_id: expect.any(String), value: 142.08, shipping: 6, tax: 10.08, currency: 'USD' });
    expect(event.items).toHaveLength(2);
    // opened later from an email (another browser, whose storage never saw the event sent), the page carries no event: the sale was counted
    await server.app.deps.store.run('UPDATE orders SET created_on = created_on - ? WHERE id = ?', [PURCHASE_EVENT_WINDOW_MS + 1000, location.split('/').at(-1)!.split('?')[0]!]);
    const revisited = await new Visitor(server.url).get<string>(location);
    expect(revisited.status).toBe(200);
    expect(revisited.text).not.toContain('id="purchase-event"');

    const json = await v.get<{ order: Record<string, any> }>(`${location}&format=json`);
    const order = json.body.order;
    expect(order).toMatchObject({ testMode: true, websiteId: '6570a1b2c3d4e5f6a7b80001' });
    expect(order.items).toContainEqual({ sku: vase.variants[0]!.sku, productName: vase.title, quantity: 1, unitPrice: expect.objectContaining({ value: '74.00', currency: 'USD' }) });
    expect(order.grandTotal.value).toBe(((7400 + 5200) * 1.08 / 100 + 6).toFixed(2));
    expect(JSON.stringify(json.body)).not.toContain(location.split('token=')[1]!);
    expect(order.purchasedCartId).toEqual(expect.any(String));
    expect(await server.app.deps.store.get('SELECT is_purchased FROM carts WHERE id = ?', [order.purchasedCartId])).toEqual({ is_purchased: 1 });

    const after = await v.get<{ totalQuantity: number }>('/api/commerce/shopping-cart');
    expect(after.body.totalQuantity).toBe(0);

    const withoutToken = await fetch(`${server.url}${location.split('?')[0]}`);
    expect(withoutToken.status).toBe(404);
  });

  it('refuses an order when stock ran out meanwhile and changes nothing', async () => {
    const shirt = seededProduct('wool-throw');
    const lap = shirt.variants.find((variant) => variant.qtyInStock === 2)!;
    const first = await new Visitor(server.url).start();
    const second = await new Visitor(server.url).start();
    await first.post(ENTRIES, { itemId: shirt.id, sku: lap.sku, quantity: 2 });
    await second.post(ENTRIES, { itemId: shirt.id, sku: lap.sku, quantity: 1 });
    await second.post(ENTRIES, { itemId: mug.id, sku: mug.variants[1]!.sku, quantity: 1 });
    expect((await placeOrderThroughCheckout(first)).status).toBe(201);
    const mugStock = await stockOf(mug.variants[1]!.id);
    const refused = await placeOrderThroughCheckout(second);
    expect(refused.status).toBe(409);
    // the refusal names the line that ran short: one Lap throw in the cart, none left
    expect(JSON.parse(refused.text)).toEqual({
      message: CHECKOUT.notEnoughLeft([{ productName: shirt.title, variantLabel: 'Size: Lap', left: 0 }]),
      shortLines: [{ productName: shirt.title, variantLabel: 'Size: Lap', left: 0 }],
    });
    expect(await stockOf(mug.variants[1]!.id)).toBe(mugStock);
    expect((await second.get<{ totalQuantity: number }>('/api/commerce/shopping-cart')).body.totalQuantity).toBe(2);
  });

  it('buys a cart once when its checkout is posted several times at once', async () => {
    const v = await new Visitor(server.url).start();
    const variant = mug.variants[0]!;
    expect((await v.post(ENTRIES, { itemId: mug.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    const before = await stockOf(variant.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => placeOrderThroughCheckout(v)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await stockOf(variant.id)).toBe(before - 1);
    const cartId = (await server.app.deps.store.get<{ purchased_cart_id: string }>(
      'SELECT purchased_cart_id FROM orders ORDER BY created_on DESC, rowid DESC LIMIT 1',
    ))!.purchased_cart_id;
    expect(await server.app.deps.store.get('SELECT COUNT(*) AS n FROM orders WHERE purchased_cart_id = ?', [cartId])).toEqual({ n: 1 });
  });

  it('buys nothing from a bare form post: the visitor goes back to the checkout form, told the order was not placed', async () => {
    const v = await new Visitor(server.url).start();
    await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
    const before = await server.app.deps.store.get('SELECT COUNT(*) AS n FROM orders');
    const posted = await formPost(v, '/checkout');
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/checkout?notPlaced=1');
    expect(await server.app.deps.store.get('SELECT COUNT(*) AS n FROM orders')).toEqual(before);
    expect((await v.get<{ totalQuantity: number }>('/api/commerce/shopping-cart')).body.totalQuantity).toBe(1);
  });

  it('answers a checkout form post without the crumb as any native post of it, not with the crumb\'s page', async () => {
    const v = await new Visitor(server.url).start();
    await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
    // the island's form carries no crumb: "open too long… allow cookies" would mislead (checkout-native-post.ts)
    const refused = await v.post<string>('/checkout', undefined, { withoutCrumb: true, form: {} });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/checkout?notPlaced=1');
    expect(refused.text).not.toContain(serverMessages.formExpired);
  });

  it('checks out a subscription from its cartToken and confirms it as a subscription', async () => {
    const v = await new Visitor(server.url).start();
    const token = (await v.post<{ cartToken: string }>('/api/3/commerce/cart/subscription', { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1 })).body.cartToken;
    const page = await v.get<string>(`/checkout/subscription?cartToken=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(coffee.title);
    const placed = await placeOrderThroughCheckout(v, token);
    expect(placed.status).toBe(201);
    const confirmed = await v.get<string>(placed.body.confirmationUrl!);
    expect(pageType(confirmed.text)).toBe(206);
    // coming back to the checkout (Back, a bookmark) leads to the order placed, not to "not found"
    const again = await v.get(`/checkout/subscription?cartToken=${token}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(placed.body.confirmationUrl);
  });

  it('takes a gift card of the chosen denomination to the checkout of its own cart', async () => {
    const v = await new Visitor(server.url).start();
    const page = await v.get<string>(`/checkout/gift-card?itemId=${giftCard.id}&sku=SQ-GIFT-50`);
    expect(page.text).toContain('$50.00');
    const chosen = await formPost(v, '/checkout/gift-card', { itemId: giftCard.id, sku: 'SQ-GIFT-50' });
    expect(chosen.status).toBe(303);
    const location = chosen.headers.get('location')!;
    expect(location).toMatch(/^\/checkout\?cartToken=/);
    // the checkout asks for the recipient (test/server/checkout.test.ts places the order)
    const form = await v.get<string>(location);
    expect(form.status).toBe(200);
    // $50.00 and no tax: a gift card is taxed as what it buys when it is spent
    expect(form.text).toContain('Place order · $50.00');
    expect(form.text).not.toContain('$54.00');
    expect(form.text).toContain('id="checkout-recipientEmail"');
  });
});

describe('members and signed-in carts', () => {
  it('opens member lessons to a signed-in site user, and the cart follows the user', async () => {
    await createSiteUserAccount(server.app.deps, { email: 'member@example.com', password: 'member password' });
    const laptop = await new Visitor(server.url).start();
    await laptop.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 3 });
    expect((await laptop.post('/api/site-users/account/session', { email: 'member@example.com', password: 'member password', rememberMe: false })).status).toBe(200);
    const lesson = await laptop.get<string>('/lessons/glazing-at-home');
    expect(lesson.status).toBe(200);
    expect(pageType(lesson.text)).toBe(50);
    expect((await laptop.get<{ totalQuantity: number }>('/api/commerce/shopping-cart')).body.totalQuantity).toBe(3);

    const phone = await new Visitor(server.url).start();
    expect((await phone.post('/api/site-users/account/session', { email: 'member@example.com', password: 'member password', rememberMe: false })).status).toBe(200);
    expect((await phone.get<{ totalQuantity: number }>('/api/commerce/shopping-cart')).body.totalQuantity).toBe(3);

    const denied = await (await fetch(`${server.url}/lessons/glazing-at-home?format=json`)).json() as Record<string, any>;
    expect(denied.item.body).toBe('');
    expect(denied.memberArea.joinUrl).toEqual(expect.any(String));
  });
});

describe('failures', () => {
  it('renders the error page (101) with status 500 and no stack trace', async () => {
    const broken = await startServer();
    try {
      await dropTable(broken.app.deps.store, 'content_items');
      const response = await fetch(`${broken.url}/lessons`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(pageType(html)).toBe(101);
      expect(html).not.toMatch(/at .*\.ts:\d+|SqliteError|no such table|does not exist/);
    } finally {
      await broken.stop(true);
    }
  });
});
