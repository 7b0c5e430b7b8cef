/**
 * Settings → VAT number (optional): the seller's tax identification number printed on invoices,
 * kept in the store settings beside the business address; letters, digits, spaces, dots and
 * dashes, at most 30 characters, one line; refused under its field otherwise, nothing saved; kept
 * by a caller that does not send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { fillMessage } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

interface SettingsAnswer { settings: Record<string, unknown> & { vatNumber: string }; revision: number }

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

describe('the VAT number', () => {
  it('is empty until given, refused under its field when it is not one, saved trimmed and kept when not sent', async () => {
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.vatNumber).toBe('');
    for (const bad of ['DE1234567890123456789012345678X', 'DE 123/456', 'DE123\nBcc: x', 'DE\u202E123', 'ÄÖ12']) {
      const refused = await owner.put<{ fieldErrors: Record<string, string> }>('/api/admin/settings', { ...loaded.settings, vatNumber: bad, revisionWhenLoaded: loaded.revision });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.fieldErrors, bad).toEqual({ vatNumber: fillMessage(ADMIN.server.vatNumber, { max: 30 }) });
    }
    expect((await owner.get<SettingsAnswer>('/api/admin/settings')).body.revision).toBe(loaded.revision);

    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, vatNumber: '  DE 123.456-789 ', revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.vatNumber).toBe('DE 123.456-789');
    const { vatNumber: _sent, ...without } = saved.body.settings;
    const kept = await owner.put<SettingsAnswer>('/api/admin/settings', { ...without, revisionWhenLoaded: saved.body.revision });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.settings.vatNumber).toBe('DE 123.456-789');
    expect((await owner.get<SettingsAnswer>('/api/admin/settings')).body.settings.vatNumber).toBe('DE 123.456-789');

    const cleared = await owner.put<SettingsAnswer>('/api/admin/settings', { ...kept.body.settings, vatNumber: '', revisionWhenLoaded: kept.body.revision });
    expect(cleared.body.settings.vatNumber).toBe('');
  });
});
