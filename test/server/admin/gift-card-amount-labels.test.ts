/**
 * The demo gift card's amounts (`Amount: $25.00` …) follow the store's currency and language:
 * a settings save that changes either writes each amount that reads as its price in the old
 * format in the new one, and the card's page and the editor name it so. Labels
 * the owner wrote otherwise stay; a save that changes neither leaves the card alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

interface SettingsAnswer {
  settings: Record<string, unknown> & { language: string; currency: string };
  revision: number;
}

describe('the gift card\'s amount labels', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  const labels = async (): Promise<Record<string, string>> => {
    const rows = await server.app.deps.store.all<{ sku: string; attributes_json: string }>("SELECT sku, attributes_json FROM variants WHERE sku LIKE 'SQ-GIFT-%' ORDER BY sku");
    return Object.fromEntries(rows.map((row) => [row.sku, (JSON.parse(row.attributes_json) as { Amount: string }).Amount]));
  };
  const revision = async (): Promise<number> => Number((await server.app.deps.store.get<{ revision: number | string }>("SELECT revision FROM products WHERE url_id = 'gift-card'"))!.revision);
  const save = async (changes: Record<string, unknown>) => {
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, ...changes, revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
  };

  beforeAll(async () => {
    server = await startPlatformServer();
    owner = await server.signInOwner();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('are written in the new currency and language once the settings change them, on the card\'s page too', async () => {
    expect(await labels()).toEqual({ 'SQ-GIFT-100': '$100.00', 'SQ-GIFT-25': '$25.00', 'SQ-GIFT-50': '$50.00' });
    const before = await revision();

    await save({ currency: 'EUR', language: 'de-DE' });
    expect(await labels()).toEqual({ 'SQ-GIFT-100': '100,00\u00a0€', 'SQ-GIFT-25': '25,00\u00a0€', 'SQ-GIFT-50': '50,00\u00a0€' });
    // an editor opened before is told the product changed, rather than saving the dollars back
    expect(await revision()).toBe(before + 1);
    const page = (await new Visitor(server.url).start().then((visitor) => visitor.get<string>('/shop/p/gift-card'))).text;
    expect(page).toContain('25,00\u00a0€');
    expect(page).not.toContain('$25.00');

    // the language alone: the same euros, written the English way
    await save({ language: 'en-IE' });
    expect(await labels()).toEqual({ 'SQ-GIFT-100': '€100.00', 'SQ-GIFT-25': '€25.00', 'SQ-GIFT-50': '€50.00' });
    // the currency alone: a change converts nothing, 2500 cents are ¥2,500 (JP¥ in English (Ireland)), and the labels say so
    await save({ currency: 'JPY' });
    expect(await labels()).toEqual({ 'SQ-GIFT-100': 'JP¥10,000', 'SQ-GIFT-25': 'JP¥2,500', 'SQ-GIFT-50': 'JP¥5,000' });
  });

  it('leave a label the owner wrote otherwise, and the card alone when neither the currency nor the language changes', async () => {
    const store = server.app.deps.store;
    await store.run("UPDATE variants SET attributes_json = ? WHERE sku = 'SQ-GIFT-25'", [JSON.stringify({ Amount: 'Birthday' })]);
    const before = await revision();
    await save({ siteTitle: 'Linen & Loam' });
    expect(await revision()).toBe(before);
    expect(await labels()).toEqual({ 'SQ-GIFT-100': 'JP¥10,000', 'SQ-GIFT-25': 'Birthday', 'SQ-GIFT-50': 'JP¥5,000' });

    await save({ currency: 'USD', language: 'en-US' });
    expect(await labels()).toEqual({ 'SQ-GIFT-100': '$100.00', 'SQ-GIFT-25': 'Birthday', 'SQ-GIFT-50': '$50.00' });
  });
});
