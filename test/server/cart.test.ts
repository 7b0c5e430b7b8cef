import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADD_TO_CART, FORM, REQUEST } from '../../client/lib/messages.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { serverMessages } from '../../server/messages.ts';
import { putLineFromBefore } from './helpers/cart-line-from-before.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';

interface CartAnswer {
  id: string;
  currency: string;
  entries: Array<{ id: string; itemId: string; quantity: number; additionalFields: string | null; chosenVariant: { sku: string } }>;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  subtotal: { value: string; currency: string };
}
interface AddAnswer { shoppingCart: CartAnswer; newlyAdded: { id: string; quantity: number } }

const shirt = seededProduct('linen-shirt');
const shirtInStock = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const shirtSoldOut = seededVariant('linen-shirt', (v) => v.qtyInStock === 0);
const shirtLastOne = seededVariant('linen-shirt', (v) => v.qtyInStock === 1);
const vase = seededProduct('bud-vase');
const mug = seededProduct('stoneware-mug');
const guide = seededProduct('natural-dye-guide');
const giftCard = seededProduct('gift-card');
const napkins = seededProduct('monogram-napkins');
const coffee = seededProduct('coffee-club');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function visitor(): Promise<Visitor> {
  return new Visitor(server.url).start();
}

async function cartCount(): Promise<number> {
  return (await server.app.deps.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM carts'))!.n;
}

describe('reading the cart', () => {
  it('answers an empty cart without creating one', async () => {
    const before = await cartCount();
    const v = await visitor();
    const answer = await v.get<CartAnswer>(`${CART}?calculateSubtotal=true`);
    expect(answer.status).toBe(200);
    expect(answer.body.entries).toEqual([]);
    expect(answer.body.totalQuantity).toBe(0);
    expect(await cartCount()).toBe(before);
    expect(v.cookies.has('CART')).toBe(false);
  });
});

describe('adding to the cart', () => {
  it('adds an entry, answers shoppingCart and newlyAdded, and sets the cart cookies', async () => {
    const v = await visitor();
    const answer = await v.post<AddAnswer>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 2, additionalFields: null });
    expect(answer.status).toBe(200);
    expect(answer.body.newlyAdded.quantity).toBe(2);
    expect(answer.body.shoppingCart.entries).toHaveLength(1);
    const cart = answer.body.shoppingCart;
    expect(cart.subtotalCents).toBe(13600);
    expect(cart.taxCents).toBe(1088);
    expect(cart.shippingCostCents).toBe(600);
    expect(cart.grandTotalCents).toBe(13600 + 1088 + 600);
    expect(cart.totalQuantity).toBe(2);
    expect(cart.requiresShipping).toBe(true);
    expect(cart.hasDigital).toBe(false);
    const setCookies = answer.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/CART=[^;]+;.*HttpOnly/);
    expect(setCookies).toMatch(/hasCart=true/);
    expect(setCookies).toMatch(/SameSite=Lax/);
    const again = await v.get<CartAnswer>(CART);
    expect(again.body.id).toBe(cart.id);
    expect(again.body.totalQuantity).toBe(2);
  });

  it('accepts a quantity typed as text and merges plain entries of the same variant', async () => {
    const v = await visitor();
    await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: '1' });
    const answer = await v.post<AddAnswer>(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 2 });
    expect(answer.body.shoppingCart.entries).toHaveLength(1);
    expect(answer.body.shoppingCart.entries[0]!.quantity).toBe(3);
    // on sale: 26.00 each
    expect(answer.body.shoppingCart.subtotalCents).toBe(7800);
  });

  it.each([
    [{ quantity: 'two' }, ADD_TO_CART.quantityNotNumber],
    [{ quantity: 1.5 }, ADD_TO_CART.quantityNotWhole],
    [{ quantity: '2.5' }, ADD_TO_CART.quantityNotWhole],
    [{ quantity: [1] }, ADD_TO_CART.quantityNotNumber],
    [{ sku: 'NO-SUCH-SKU' }, ADD_TO_CART.variantUnavailable],
    [{ sku: shirtSoldOut.sku }, ADD_TO_CART.notEnoughStock],
  ])('refuses %o with its message', async (change, message) => {
    const v = await visitor();
    const before = await cartCount();
    const answer = await v.post<{ message: string }>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 1, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await cartCount()).toBe(before);
  });

  it('refuses a gift card and a subscription, which the product page buys on their own, and makes no cart', async () => {
    const v = await visitor();
    const before = await cartCount();
    // with a denomination or without one: the cart takes no gift card at all
    for (const add of [{ itemId: giftCard.id, sku: giftCard.variants[0]!.sku, quantity: 1 }, { itemId: giftCard.id, quantity: 1 }]) {
      const answer = await v.post<{ message: string }>(ENTRIES, add);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(serverMessages.giftCardNotInCart);
    }
    const subscription = await v.post<{ message: string }>(ENTRIES, { itemId: coffee.id, sku: coffee.variants[0]!.sku, quantity: 1 });
    expect(subscription.status).toBe(400);
    expect(subscription.body.message).toBe(serverMessages.subscriptionNotInCart);
    expect(await cartCount()).toBe(before);
    expect(v.cookies.has('CART')).toBe(false);
  });

  it('refuses an add without answers for a product whose form has required fields, as it refuses a partial answer', async () => {
    const v = await visitor();
    const before = await cartCount();
    const sku = napkins.variants[0]!.sku;
    const partial = await v.post<{ message: string; errors: Record<string, string> }>(ENTRIES, { itemId: napkins.id, sku, quantity: 1, additionalFields: '{}' });
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toEqual({ 'text-monogram-initials': FORM.required, 'select-thread-colour': FORM.required });
    for (const unanswered of [{ additionalFields: null }, {}]) {
      const answer = await v.post<{ message: string; errors: Record<string, string> }>(ENTRIES, { itemId: napkins.id, sku, quantity: 1, ...unanswered });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(partial.body);
    }
    expect(await cartCount()).toBe(before);
    const answered = await v.post<AddAnswer>(ENTRIES, {
      itemId: napkins.id, sku, quantity: 1, additionalFields: JSON.stringify({ 'text-monogram-initials': 'AB', 'select-thread-colour': 'Rust' }),
    });
    expect(answered.status).toBe(200);
    // a product without a form still takes an add without answers
    expect((await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
  });

  it('answers 404 for an unknown product and 400 when additionalFields is not JSON', async () => {
    const v = await visitor();
    const unknown = await v.post(ENTRIES, { itemId: 'nope', sku: 'x', quantity: 1 });
    expect(unknown.status).toBe(404);
    const badFields = await v.post<{ message: string }>(ENTRIES, { itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1, additionalFields: '{oops' });
    expect(badFields.status).toBe(400);
    expect(badFields.body.message).toMatch(/additionalFields/);
  });

  it('applies the stock rule at its edge: stock must exceed what the cart already holds', async () => {
    const v = await visitor();
    const first = await v.post(ENTRIES, { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 });
    expect(first.status).toBe(200);
    const second = await v.post<{ message: string }>(ENTRIES, { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(ADD_TO_CART.notEnoughStock);

    const w = await visitor();
    const tooMany = await w.post(ENTRIES, { itemId: shirt.id, sku: shirtLastOne.sku, quantity: 2 });
    expect(tooMany.status).toBe(400);
    const exactlyOne = await w.post(ENTRIES, { itemId: shirt.id, sku: shirtLastOne.sku, quantity: 1 });
    expect(exactlyOne.status).toBe(200);
  });

  it('refuses a state change without a valid crumb and changes nothing', async () => {
    const v = await visitor();
    const before = await cartCount();
    const missing = await v.post<{ crumbFail: boolean; message: string }>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 1 }, { withoutCrumb: true });
    expect(missing.status).toBe(403);
    expect(missing.body.crumbFail).toBe(true);
    expect(missing.body.message).toBe(REQUEST.sessionExpired);
    const wrong = await v.post<{ crumbFail: boolean }>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 1 }, { crumb: 'forged' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.crumbFail).toBe(true);
    expect(await cartCount()).toBe(before);
  });

  it('accepts the crumb as a body field too', async () => {
    const v = await visitor();
    const answer = await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[1]!.sku, quantity: 1, crumb: decodeURIComponent(v.crumb) }, { withoutCrumb: true });
    expect(answer.status).toBe(200);
  });
});

describe('changing the cart', () => {
  it('changes a quantity within stock, refuses beyond it, and removes at 0', async () => {
    const v = await visitor();
    const added = await v.post<AddAnswer>(ENTRIES, { itemId: mug.id, sku: mug.variants[1]!.sku, quantity: 1 });
    const entryId = added.body.newlyAdded.id;
    const changed = await v.put<{ shoppingCart: CartAnswer; updatedEntry: { quantity: number } }>(`${ENTRIES}/${entryId}/quantity`, { quantity: 4 });
    expect(changed.status).toBe(200);
    expect(changed.body.updatedEntry.quantity).toBe(4);
    const tooMany = await v.put<{ message: string }>(`${ENTRIES}/${entryId}/quantity`, { quantity: 5 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(ADD_TO_CART.notEnoughStock);
    const notWhole = await v.put<{ message: string }>(`${ENTRIES}/${entryId}/quantity`, { quantity: 1.25 });
    expect(notWhole.body.message).toBe(ADD_TO_CART.quantityNotWhole);
    const removed = await v.put<{ shoppingCart: CartAnswer; updatedEntry: null }>(`${ENTRIES}/${entryId}/quantity`, { quantity: 0 });
    expect(removed.body.shoppingCart.entries).toEqual([]);
    expect(removed.body.updatedEntry).toBeNull();
  });

  it('updates the extra-field answers of an entry', async () => {
    const v = await visitor();
    const fields = JSON.stringify({ 'text-monogram-initials': 'AB', 'select-thread-colour': 'Rust' });
    const added = await v.post<AddAnswer>(ENTRIES, { itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1, additionalFields: fields });
    const entryId = added.body.newlyAdded.id;
    const changedFields = JSON.stringify({ 'text-monogram-initials': 'CD', 'textarea-monogram-note': 'For Ana', 'select-thread-colour': 'Ivory' });
    const answer = await v.put<{ updatedEntry: { additionalFields: string } }>(`${ENTRIES}/${entryId}/additionalFields`, {
      itemId: napkins.id, sku: napkins.variants[0]!.sku, additionalFields: changedFields,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.updatedEntry.additionalFields).toBe(changedFields);
    const notJson = await v.put(`${ENTRIES}/${entryId}/additionalFields`, { itemId: napkins.id, sku: napkins.variants[0]!.sku, additionalFields: 'not json' });
    expect(notJson.status).toBe(400);
  });

  it('lets a gift card or subscription line from before the cart refused them be removed or lowered, never raised', async () => {
    const v = await visitor();
    await putLineFromBefore(server.app.deps.store, v, giftCard.urlId, giftCard.variants[0]!.sku, 2);
    await putLineFromBefore(server.app.deps.store, v, coffee.urlId, coffee.variants[0]!.sku, 2);
    const cart = await v.get<CartAnswer>(CART);
    const lineOf = (itemId: string) => cart.body.entries.find((entry) => entry.itemId === itemId)!;
    for (const [line, message] of [[lineOf(giftCard.id), serverMessages.giftCardNotInCart], [lineOf(coffee.id), serverMessages.subscriptionNotInCart]] as const) {
      const raised = await v.put<{ message: string }>(`${ENTRIES}/${line.id}/quantity`, { quantity: 3 });
      expect(raised.status).toBe(400);
      expect(raised.body.message).toBe(message);
      const lowered = await v.put<{ updatedEntry: { quantity: number } }>(`${ENTRIES}/${line.id}/quantity`, { quantity: 1 });
      expect(lowered.status).toBe(200);
      expect(lowered.body.updatedEntry.quantity).toBe(1);
      expect((await v.put(`${ENTRIES}/${line.id}/quantity`, { quantity: 0 })).status).toBe(200);
    }
    expect((await v.get<CartAnswer>(CART)).body.entries).toEqual([]);
  });

  it('removes an entry, and answers 404 for entries of other visitors', async () => {
    const owner = await visitor();
    const added = await owner.post<AddAnswer>(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
    const entryId = added.body.newlyAdded.id;
    const stranger = await visitor();
    expect((await stranger.delete(`${ENTRIES}/${entryId}`)).status).toBe(404);
    expect((await stranger.put(`${ENTRIES}/${entryId}/quantity`, { quantity: 2 })).status).toBe(404);
    const removed = await owner.delete<{ shoppingCart: CartAnswer }>(`${ENTRIES}/${entryId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.shoppingCart.entries).toEqual([]);
    expect((await owner.delete(`${ENTRIES}/${entryId}`)).status).toBe(404);
  });
});

describe('totals', () => {
  it('ships free above the threshold and never ships digital goods', async () => {
    const v = await visitor();
    const answer = await v.post<AddAnswer>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 3 });
    expect(answer.body.shoppingCart.subtotalCents).toBe(20400);
    expect(answer.body.shoppingCart.shippingCostCents).toBe(0);

    const d = await visitor();
    const digital = await d.post<AddAnswer>(ENTRIES, { itemId: guide.id, sku: guide.variants[0]!.sku, quantity: 1 });
    const cart = digital.body.shoppingCart;
    expect(cart.subtotalCents).toBe(1200);
    expect(cart.hasDigital).toBe(true);
    expect(cart.purelyDigital).toBe(true);
    expect(cart.requiresShipping).toBe(false);
    expect(cart.shippingCostCents).toBe(0);
    expect(cart.taxCents).toBe(96);
  });

  it.each([
    ['USD', '26.00'],
    ['EUR', '26.00'],
    ['JPY', '2600'],
  ])('computes totals in whole minor units for %s', async (currency, shown) => {
    const site = new SiteRepository(server.app.deps.store);
    const settings = await site.websiteSettings();
    const store = settings.storeSettings as Record<string, unknown>;
    await site.writeSetting('websiteSettings', { ...settings, storeSettings: { ...store, currency } });
    try {
      const v = await visitor();
      const answer = await v.post<AddAnswer>(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
      const cart = answer.body.shoppingCart;
      expect(cart.currency).toBe(currency);
      expect(cart.subtotal).toMatchObject({ value: shown, currency });
      expect(Number.isInteger(cart.taxCents)).toBe(true);
      expect(cart.taxCents).toBe(208);
      expect(cart.grandTotalCents).toBe(2600 + 208 + 600);
    } finally {
      await site.writeSetting('websiteSettings', settings);
    }
  });
  it("charges the shipping the checkout offers first, from the owner's rates", async () => {
    const site = new SiteRepository(server.app.deps.store);
    const settings = await site.websiteSettings();
    const store = settings.storeSettings as Record<string, unknown>;
    // the seed's flat 6.00 stays in the settings; the owner's rates now say otherwise
    const shippingRates = [
      { id: 'courier', name: 'Courier', kind: 'flat', priceCents: 1200, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
      { id: 'post', name: 'Post', kind: 'flat', priceCents: 450, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
    ];
    await site.writeSetting('websiteSettings', { ...settings, storeSettings: { ...store, shippingRates } });
    try {
      const v = await visitor();
      const cart = (await v.post<AddAnswer>(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).body.shoppingCart;
      expect(cart.shippingCostCents).toBe(450);
      expect(cart.grandTotalCents).toBe(2600 + 208 + 450);
      const { quote } = (await v.post<{ quote: { shippingCents: number; totalCents: number } }>('/api/commerce/checkout/quote', {})).body;
      expect([quote.shippingCents, quote.totalCents]).toEqual([cart.shippingCostCents, cart.grandTotalCents]);
    } finally {
      await site.writeSetting('websiteSettings', settings);
    }
  });
});

describe('request limits', () => {
  it('answers 429 past the add-to-cart budget', async () => {
    const limited = await startServer({ rateLimits: { addToCart: 2 } });
    try {
      const v = await new Visitor(limited.url).start();
      const add = () => v.post<{ message: string }>(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
      expect((await add()).status).toBe(200);
      expect((await add()).status).toBe(200);
      const third = await add();
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(REQUEST.tooManyRequests);
    } finally {
      await limited.stop(true);
    }
  });

  it('logs a client past the budget once a window, not once per refused request', async () => {
    const limited = await startServer({ rateLimits: { addToCart: 1 } });
    try {
      const warn = vi.spyOn(limited.app.deps.log, 'warn');
      const v = await new Visitor(limited.url).start();
      const add = () => v.post<{ message: string }>(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await add()).status);
      expect(statuses).toEqual([200, 429, 429, 429, 429]);
      const said = warn.mock.calls.filter((call) => call[1] === serverMessages.rateLimitReachedLog);
      expect(said).toHaveLength(1);
      expect(said[0]![0]).toMatchObject({ call: 'addToCart' });
    } finally {
      await limited.stop(true);
    }
  });

  it('refuses bodies over the size limit and malformed JSON', async () => {
    const v = await visitor();
    const huge = await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1, additionalFields: JSON.stringify('x'.repeat(200_000)) });
    expect(huge.status).toBe(413);
    const malformed = await v.post<{ message: string }>(ENTRIES, '{"itemId":');
    expect(malformed.status).toBe(400);
  });
});

describe('cookies behind https', () => {
  it('marks the cart and crumb cookies Secure when served through an https proxy', async () => {
    const proxied = await startServer({ trustProxy: true });
    try {
      const v = new Visitor(proxied.url);
      const first = await v.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(first.headers.getSetCookie().join('\n')).toMatch(/crumb=[^;]+;.*Secure/);
      const added = await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(added.status).toBe(200);
      const cookies = added.headers.getSetCookie();
      expect(cookies.find((cookie) => cookie.startsWith('CART='))).toMatch(/HttpOnly/);
      expect(cookies.find((cookie) => cookie.startsWith('CART='))).toMatch(/Secure/);
    } finally {
      await proxied.stop(true);
    }
  });
});

describe('restart', () => {
  it('keeps carts: the same cookie finds the same entries after a restart', async () => {
    const first = await startServer();
    const v = await new Visitor(first.url).start();
    await v.post(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 2 });
    await first.stop();
    const second = await startServer({ databasePath: first.databasePath });
    try {
      const again = new Visitor(second.url);
      for (const [name, value] of v.cookies) again.cookies.set(name, value);
      const answer = await again.get<CartAnswer>(CART);
      expect(answer.body.totalQuantity).toBe(2);
      expect(answer.body.entries[0]!.chosenVariant.sku).toBe(shirtInStock.sku);
    } finally {
      await second.stop(true);
    }
  });
});
