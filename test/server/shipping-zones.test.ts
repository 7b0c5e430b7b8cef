/**
 * Shipping zones: a rate that lists countries is offered only to addresses in them, through the
 * quote (which carries the country chosen) and the order, which refuses a country no rate ships
 * to in the catalogue's words whatever the browser sent; the checkout lists only the countries
 * some rate serves when the order ships. Rates without countries ship everywhere, as before.
 * Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { countriesServed, ratesShippingTo } from '../../server/commerce/shipping-zones.ts';
import { shippingRatesFrom, type ShippingRate } from '../../server/commerce/shipping-rates.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { SHOPPER_DETAILS } from './helpers/checkout.ts';
import { Visitor } from './helpers/visitor.ts';

const tote = seededProduct('canvas-tote');

const rate = (id: string, priceCents: number, countries: string[]): ShippingRate => ({
  id, name: id, kind: 'flat', priceCents, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0, countries,
});
const ZONED = [rate('dhl-de', 490, ['DE']), rate('eu', 1200, ['AT', 'FR', 'DE'])];

const GERMAN_ADDRESS = { line1: 'Unter den Linden 1', city: 'Berlin', region: '', postalCode: '10117', countryCode: 'DE' };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { checkout: 1000, checkoutQuote: 1000 } });
});
afterAll(async () => {
  await server.stop(true);
});

async function withRates(rates: unknown[]): Promise<void> {
  const store = server.app.deps.store;
  const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
  const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
  await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'",
    [JSON.stringify({ ...settings, storeSettings: { ...settings.storeSettings, shippingRates: rates } })]);
}

async function shopper(): Promise<Visitor> {
  const visitor = await new Visitor(server.url).start();
  const added = await visitor.post(API_PATHS.cartEntries, { itemId: tote.id, sku: 'SQ-TOTE', quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return visitor;
}

interface QuoteAnswer { quote: { shippingOptions: Array<{ id: string }>; shipsToCountry: boolean; selectedShippingOptionId: string | null; totalCents: number } }

const quoteFor = async (visitor: Visitor, body: Record<string, unknown>) => (await visitor.post<QuoteAnswer>(API_PATHS.checkoutQuote, body)).body.quote;

function order(visitor: Visitor, details: Record<string, unknown>, key: string) {
  return visitor.post<{ message?: string; fieldErrors?: Record<string, string>; confirmationUrl?: string }>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS, ...details, idempotencyKey: `shipping-zones-${key}-0000`,
  });
}

describe('shipping zones', () => {
  it('pick the rates of a country: listed there, or listing none (everywhere)', () => {
    const everywhere = rate('world', 2500, []);
    expect(ratesShippingTo([...ZONED, everywhere], 'DE').map((r) => r.id)).toEqual(['dhl-de', 'eu', 'world']);
    expect(ratesShippingTo([...ZONED, everywhere], 'US').map((r) => r.id)).toEqual(['world']);
    expect(ratesShippingTo(ZONED, 'US')).toEqual([]);
    // no country known yet: every rate
    expect(ratesShippingTo(ZONED, '')).toHaveLength(2);
    expect(countriesServed(ZONED)).toEqual(new Set(['DE', 'AT', 'FR']));
    expect(countriesServed([...ZONED, everywhere])).toBeNull();
    // a rate stored before zones ships everywhere
    const stored = shippingRatesFrom({ shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600 }] });
    expect(stored[0]!.countries).toEqual([]);
    expect(ratesShippingTo(stored, 'JP')).toHaveLength(1);
  });

  it('offer through the quote only the rates of the country sent, and say when none ships there', async () => {
    await withRates(ZONED);
    const visitor = await shopper();
    const german = await quoteFor(visitor, { countryCode: 'DE' });
    expect(german.shippingOptions.map((option) => option.id)).toEqual(['dhl-de', 'eu']);
    expect(german.shipsToCountry).toBe(true);
    const austrian = await quoteFor(visitor, { countryCode: 'AT', shippingOptionId: 'dhl-de' });
    // the German rate is not Austria's: the cheapest of Austria's is chosen instead
    expect(austrian.shippingOptions.map((option) => option.id)).toEqual(['eu']);
    expect(austrian.selectedShippingOptionId).toBe('eu');
    const american = await quoteFor(visitor, { countryCode: 'US' });
    expect(american).toMatchObject({ shippingOptions: [], shipsToCountry: false, selectedShippingOptionId: null });
    // a caller that sends no country (as before zones) is quoted every rate
    expect((await quoteFor(visitor, {})).shippingOptions).toHaveLength(2);
    expect((await visitor.post(API_PATHS.checkoutQuote, { countryCode: 'germany' })).status).toBe(400);
  });

  it('refuse an order to a country no rate ships to, under the country and in its name, whatever was sent', async () => {
    await withRates(ZONED);
    const visitor = await shopper();
    const shown = await quoteFor(visitor, { countryCode: 'DE' });
    // the browser sends a German rate with an American address
    const refused = await order(visitor, { shippingOptionId: 'dhl-de', expectedTotalCents: shown.totalCents }, 'us');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ countryCode: CHECKOUT.notShippingTo('United States') });
    expect(CHECKOUT.notShippingTo('Austria')).toBe("We don't ship to Austria yet.");
    // a rate of another country's is no choice for this one
    const austrian = await quoteFor(visitor, { countryCode: 'AT' });
    const wrongRate = await order(visitor, {
      ...GERMAN_ADDRESS, countryCode: 'AT', postalCode: '1010', city: 'Wien', shippingOptionId: 'dhl-de', expectedTotalCents: austrian.totalCents,
    }, 'at');
    expect(wrongRate.body.fieldErrors).toEqual({ shippingOptionId: CHECKOUT.shippingOptionRequired });
    const placed = await order(visitor, { ...GERMAN_ADDRESS, shippingOptionId: 'dhl-de', expectedTotalCents: shown.totalCents }, 'de');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  });

  it('list in the checkout only the countries some rate ships to, all of them once a rate ships everywhere', async () => {
    await withRates(ZONED);
    const countriesShown = async (): Promise<string[]> => {
      const page = (await (await shopper()).get<string>('/checkout')).text;
      const list = /<select id="checkout-countryCode"[^>]*>(.*?)<\/select>/s.exec(page)![1]!;
      return [...list.matchAll(/value="([A-Z]{2})"/g)].map((match) => match[1]!);
    };
    expect((await countriesShown()).sort()).toEqual(['AT', 'DE', 'FR']);
    await withRates([...ZONED, rate('world', 2500, [])]);
    expect((await countriesShown()).length).toBeGreaterThan(40);
  });
});
