/**
 * Settings → Shipping rates → Ships to: the countries a rate ships to are saved as the codes the
 * checkout compares, typed as codes or names in the store's language or English, any case; a
 * country the checkout does not ship to is refused under that rate's box, named as typed; none
 * (the box empty) is everywhere, and the checkout then offers the rate to every country again;
 * a caller that sends no countries (written before zones) keeps the rate's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { fillMessage } from '../../../server/messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

interface Rate { id: string; name: string; countries?: unknown }
interface SettingsAnswer { settings: Record<string, unknown> & { shippingRates: Rate[] }; revision: number; fieldErrors?: Record<string, string> }

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function saveRates(rates: (current: Rate[]) => Rate[], extra: Record<string, unknown> = {}) {
  const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
  return owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, shippingRates: rates(loaded.settings.shippingRates), ...extra, revisionWhenLoaded: loaded.revision });
}

async function optionsFor(countryCode: string): Promise<string[]> {
  const mug = seededProduct('stoneware-mug');
  const shopper = await new Visitor(server.url).start();
  expect((await shopper.post(API_PATHS.cartEntries, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
  const quote = await shopper.post<{ quote: { shippingOptions: Array<{ id: string }> } }>(API_PATHS.checkoutQuote, { countryCode });
  return quote.body.quote.shippingOptions.map((option) => option.id);
}

describe('a shipping rate\'s countries', () => {
  it('are everywhere for a stored rate, shown as none', async () => {
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.shippingRates.every((rate) => Array.isArray(rate.countries) && rate.countries.length === 0)).toBe(true);
  });

  it('are saved as codes, typed as codes or names in any case, each once', async () => {
    const saved = await saveRates(([first, ...others]) => [{ ...first!, countries: ['de', ' Germany ', 'Austria', 'CH'] }, ...others]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.shippingRates[0]!.countries).toEqual(['DE', 'AT', 'CH']);
    const id = saved.body.settings.shippingRates[0]!.id;
    expect(await optionsFor('AT')).toContain(id);
    expect(await optionsFor('US')).not.toContain(id);
  });

  it('are read in the store\'s language as well as English', async () => {
    const saved = await saveRates(([first, ...others]) => [{ ...first!, countries: ['Österreich', 'Schweiz', 'Deutschland'] }, ...others], { language: 'de-DE' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.shippingRates[0]!.countries).toEqual(['AT', 'CH', 'DE']);
    expect((await saveRates((rates) => rates, { language: 'en-US' })).status).toBe(200);
  });

  it('refuse a country the checkout does not ship to, under that rate\'s box, and keep the rates as they were', async () => {
    const before = (await owner.get<SettingsAnswer>('/api/admin/settings')).body.settings.shippingRates;
    const refused = await saveRates((rates) => rates.map((rate, index) => (index === 0 ? { ...rate, countries: ['DE', 'Atlantis'] } : rate)));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ 'shippingRates.0.countries': fillMessage(ADMIN.server.notAShippingCountry, { country: 'Atlantis' }) });
    expect(fillMessage(ADMIN.server.notAShippingCountry, { country: 'Atlantis' })).toBe('"Atlantis" is not a country the checkout ships to: use its code (AT) or its name (Austria), separated by commas.');
    expect((await owner.get<SettingsAnswer>('/api/admin/settings')).body.settings.shippingRates).toEqual(before);
    expect((await saveRates((rates) => rates.map((rate) => ({ ...rate, countries: 'DE' })))).status).toBe(400);
  });

  it('are everywhere again once emptied, and kept for a caller that sends none (one written before zones)', async () => {
    const emptied = await saveRates((rates) => rates.map((rate) => ({ ...rate, countries: [] })));
    expect(emptied.status, emptied.text).toBe(200);
    expect(emptied.body.settings.shippingRates.every((rate) => (rate.countries as string[]).length === 0)).toBe(true);
    await saveRates((rates) => rates.map((rate) => ({ ...rate, countries: ['DE'] })));
    const older = await saveRates((rates) => rates.map(({ countries: _countries, ...rate }) => rate));
    expect(older.status, older.text).toBe(200);
    expect(older.body.settings.shippingRates.every((rate) => (rate.countries as string[]).join() === 'DE')).toBe(true);
    expect(await optionsFor('US')).toHaveLength(0);
    await saveRates((rates) => rates.map((rate) => ({ ...rate, countries: [] })));
    expect(await optionsFor('US')).not.toHaveLength(0);
  });
});
