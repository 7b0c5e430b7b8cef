/**
 * The store's language and region in Settings: the website's language (en-US when unset), the
 * locale the shop's pages, checkout and emails write prices, dates and country names in. The
 * screen offers a list of regions by name; the server refuses any other, and a save without the
 * field, or with the language the store already has, leaves the website as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyWith, type MoneyFormat } from '../../../client/lib/money.ts';
import { AdminSettingsRepository } from '../../../server/db/admin-settings-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface SettingsAnswer {
  settings: Record<string, unknown> & { language: string; currency: string };
  revision: number;
  languages: Array<{ code: string; name: string }>;
  moneyFormat?: MoneyFormat;
}

describe('the language and region setting', () => {
  it('offers regions by name, saves one into the website, and the shop writes prices in it at once', async () => {
    const owner = await server.signInOwner();
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.language).toBe('en-US');
    expect(loaded.languages).toEqual(expect.arrayContaining([
      { code: 'en-US', name: 'English (United States)' }, { code: 'en-IE', name: 'English (Ireland)' }, { code: 'de-DE', name: 'German (Germany)' },
    ]));
    const names = loaded.languages.map((choice) => choice.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const before = (await owner.get<string>('/shop/p/stoneware-mug')).text;
    expect(before).toMatch(/\$\d+\.\d\d/);
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, language: 'de-DE', currency: 'EUR', revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.language).toBe('de-DE');
    expect((await new AdminSettingsRepository(server.app.deps.store).read('website')).language).toBe('de-DE');
    // the admin writes amounts the new way without a reload
    expect(formatMoneyWith(123456, saved.body.moneyFormat!)).toBe('1.234,56\u00a0€');
    const after = (await owner.get<string>('/shop/p/stoneware-mug')).text;
    expect(after).toMatch(/\d+,\d\d\u00a0€/);
    expect(after).not.toMatch(/\$\d+\.\d\d/);

    // an order's page writes its dates in it too: `29. November 2026`
    const shopper = await new Visitor(server.url).start();
    const mug = seededProduct('stoneware-mug');
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.confirmationUrl!.split('/').at(-1)!.split('?')[0]!;
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const germanDay = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/New_York' }).format(Date.now());
    expect((await shopper.get<string>(placed.body.confirmationUrl!)).text).toContain(`wurde am ${germanDay} storniert.`);

    // a caller that does not send the field keeps the language
    const { language: _left, ...withoutLanguage } = saved.body.settings;
    const kept = await owner.put<SettingsAnswer>('/api/admin/settings', { ...withoutLanguage, tagline: 'Slow goods', revisionWhenLoaded: saved.body.revision });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.settings.language).toBe('de-DE');
  });

  it('refuses a language not on the list, and keeps a stored one that is not', async () => {
    const owner = await server.signInOwner();
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    for (const language of ['xx-YY', 'en', 'en-US; drop', '', 'pt-AO']) {
      const refused = await owner.put<{ fieldErrors: Record<string, string> }>('/api/admin/settings', { ...loaded.settings, language });
      expect(refused.status, language).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ language: 'Choose a language and region from the list, such as English (Ireland).' });
    }
    const repository = new AdminSettingsRepository(server.app.deps.store);
    await repository.write('website', { ...(await repository.read('website')), language: 'pt-AO' });
    const withOwn = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(withOwn.settings.language).toBe('pt-AO');
    expect(withOwn.languages).toContainEqual({ code: 'pt-AO', name: 'Portuguese (Angola)' });
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...withOwn.settings, tagline: 'Kept', revisionWhenLoaded: withOwn.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.language).toBe('pt-AO');
  });

  it('keeps an unset language unset when the screen saves the one it showed for it', async () => {
    const repository = new AdminSettingsRepository(server.app.deps.store);
    const { language: _stored, ...website } = await repository.read('website');
    await repository.write('website', website);
    const owner = await server.signInOwner();
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.language).toBe('en-US');
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.revision).toBe(loaded.revision);
    expect((await repository.read('website')).language).toBeUndefined();
  });
});
