/**
 * The store's time zone in Settings: the website's timeZone (America/New_York when unset), which
 * the pages write dates in and the admin counts the orders list's days in. The screen offers the
 * IANA zones; the server refuses any other, and a save without the field keeps the zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsRepository } from '../../../server/db/admin-settings-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface SettingsAnswer { settings: Record<string, unknown> & { timeZone: string }; revision: number; timeZones: string[] }

describe('the time zone setting', () => {
  it('offers the IANA zones, saves one into the website, which the admin then counts days in, and refuses any other', async () => {
    const owner = await server.signInOwner();
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.timeZone).toBe('America/New_York');
    expect(loaded.timeZones).toEqual(expect.arrayContaining(['America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'Pacific/Auckland']));

    const refused = await owner.put<{ fieldErrors: Record<string, string> }>('/api/admin/settings', { ...loaded.settings, timeZone: 'Europe/Atlantis', revisionWhenLoaded: loaded.revision });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ timeZone: 'Choose a time zone from the list, such as Europe/Paris.' });

    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, timeZone: 'Europe/Paris', revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.timeZone).toBe('Europe/Paris');
    expect((await new AdminSettingsRepository(server.app.deps.store).read('website')).timeZone).toBe('Europe/Paris');
    // the orders list counts its days there, and the admin's page brings it to every screen
    expect((await owner.get<{ timeZone: string }>('/api/admin/orders?period=today')).body.timeZone).toBe('Europe/Paris');
    expect((await owner.get<string>('/config/orders')).text).toContain('&quot;timeZone&quot;:&quot;Europe/Paris&quot;');

    // a caller that does not send the field keeps the zone
    const { timeZone: _left, ...withoutZone } = saved.body.settings;
    const kept = await owner.put<SettingsAnswer>('/api/admin/settings', { ...withoutZone, tagline: 'Slow goods', revisionWhenLoaded: saved.body.revision });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.settings.timeZone).toBe('Europe/Paris');
  });

  it('offers and saves UTC, which Node 20\'s list of zones leaves out, and still refuses nonsense', async () => {
    const owner = await server.signInOwner();
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.timeZones).toContain('UTC');
    expect(loaded.timeZones).toEqual([...loaded.timeZones].sort());
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, timeZone: 'UTC', revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.timeZone).toBe('UTC');
    for (const zone of ['utc', 'UTC+1', 'Nowhere', '']) {
      const refused = await owner.put<{ fieldErrors: Record<string, string> }>('/api/admin/settings', { ...saved.body.settings, timeZone: zone });
      expect(refused.status, zone).toBe(400);
      expect(Object.keys(refused.body.fieldErrors)).toEqual(['timeZone']);
    }
  });

  it('keeps an unset zone unset when the screen saves the zone it showed for it', async () => {
    const repository = new AdminSettingsRepository(server.app.deps.store);
    const { timeZone: _stored, ...website } = await repository.read('website');
    await repository.write('website', website);
    const owner = await server.signInOwner();
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.timeZone).toBe('America/New_York');
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    // nothing changed: nothing written, so no other open screen is refused
    expect(saved.body.revision).toBe(loaded.revision);
    expect((await repository.read('website')).timeZone).toBeUndefined();
  });
});
