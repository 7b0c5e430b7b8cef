/**
 * Settings saved with another currency answer with the money format the admin writes amounts in
 * from then on: the new currency in the store's locale, as the admin's next page would bring it,
 * so the open admin need not be reloaded to write prices in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyFormat } from '../../../client/lib/money.ts';
import { moneyFormatFor } from '../../../server/commerce/money-format.ts';
import { AdminSettingsRepository } from '../../../server/db/admin-settings-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('settings saved with another currency', () => {
  it("answer with the new currency's money format in the store's locale, the one the admin's page then brings", async () => {
    const owner = await server.signInOwner();
    const settings = new AdminSettingsRepository(server.app.deps.store);
    await settings.write('website', { ...(await settings.read('website')), language: 'fr-FR' });
    const current = (await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings;
    expect(current.currency).toBe('USD');

    const saved = await owner.put<{ settings: { currency: string }; moneyFormat: MoneyFormat }>('/api/admin/settings', { ...current, currency: 'GBP' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.currency).toBe('GBP');
    expect(saved.body.moneyFormat).toEqual(moneyFormatFor('GBP', 'fr-FR'));

    const page = await owner.get<string>('/config/products');
    const brought = JSON.stringify(saved.body.moneyFormat).replace(/"/g, '&quot;');
    expect(page.text).toContain(`&quot;moneyFormat&quot;:${brought}`);
  });
});
