/**
 * What the admin asks of the server around its page: the page itself reads the website setting
 * once (its title, time zone and money format's locale all come from it), and the small session
 * check the admin makes when the owner comes back to it answers 204 while the session holds and
 * 401 once it has ended, so the password is asked at once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION } from '../../../server/admin/account-calls.ts';
import { AdminSettingsRepository } from '../../../server/db/admin-settings-repository.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('the admin page', () => {
  it('reads the website setting once, and brings its time zone, money format and locale', async () => {
    const owner = await server.signInOwner();
    const store = server.app.deps.store;
    const settings = new AdminSettingsRepository(store);
    // a change since the last page, so nothing remembered answers for the database
    await settings.write('website', { ...(await settings.read('website')), siteTitle: 'Linen & Loam', timeZone: 'Europe/Paris', language: 'fr-FR' });
    await settings.write('websiteSettings', { ...(await settings.read('websiteSettings')), storeSettings: { currency: 'EUR' } });
    const reads = vi.spyOn(store, 'get');
    try {
      const page = await owner.get<string>('/config/products');
      expect(page.status).toBe(200);
      const websiteReads = reads.mock.calls.filter(([sql, params]) => /FROM site_settings WHERE key = \?/.test(sql) && params?.[0] === 'website');
      expect(websiteReads).toHaveLength(1);
      expect(page.text).toContain('&quot;timeZone&quot;:&quot;Europe/Paris&quot;');
      expect(page.text).toContain('&quot;moneyFormat&quot;:{&quot;currency&quot;:&quot;EUR&quot;');
      expect(page.text).toContain('&quot;decimal&quot;:&quot;,&quot;');
      // the screens write their dates in the store's language
      expect(page.text).toContain('&quot;locale&quot;:&quot;fr-FR&quot;');
    } finally {
      reads.mockRestore();
    }
  });
});

describe('the session check', () => {
  it('answers 204, never cached, while the session holds, and 401 once it has ended', async () => {
    const owner = await server.signInOwner();
    const alive = await owner.get(ADMIN_SESSION);
    expect(alive.status).toBe(204);
    expect(alive.headers.get('cache-control')).toBe('no-store');

    // the session's hours run out while the phone sleeps
    await server.app.deps.store.run('UPDATE site_user_sessions SET expires_on = ?', [Date.now() - 1]);
    const ended = await owner.get<{ message: string }>(ADMIN_SESSION);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(platformMessages.signInRequired);
  });

  it('is not made by a shopper account', async () => {
    const shopper = await server.signInShopper();
    expect((await shopper.get(ADMIN_SESSION)).status).toBe(403);
  });
});
