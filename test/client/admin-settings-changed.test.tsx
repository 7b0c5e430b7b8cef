// @vitest-environment jsdom
/**
 * The Settings screen when a save is refused because the settings were saved elsewhere (another
 * tab, another member of staff) while it was open: the message says so, everything the owner
 * typed stays on screen, and the newer settings can be loaded with the owner's edits kept over
 * them (fields both changed named, the focus on Save); the next save is made against the newer
 * revision.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const LOADED = {
  siteTitle: 'Linen & Loam', tagline: 'Handmade linen', storeAddress: 'https://linen.example', currency: 'USD', taxRateBasisPoints: 800,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [
    { id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
    { id: 'express', name: 'Express', kind: 'flat', priceCents: 1500, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
  ],
};
const LOADED_REVISION = 4;
// saved in another tab meanwhile: a new title and tagline, the store closed, and the express rate's price
const NEWER = {
  ...LOADED, siteTitle: 'Linen & Loam Studio', tagline: 'Linen, woven slowly', storeOpen: false,
  shippingRates: [LOADED.shippingRates[0]!, { ...LOADED.shippingRates[1]!, priceCents: 1800 }],
};
const NEWER_REVISION = 6;

/** The store: the first read answers the loaded settings, later ones the newer; a save against an older revision is refused. */
function scriptStore(): FetchCall[] {
  let reads = 0;
  return scriptFetch([
    {
      method: 'GET', path: '/api/admin/settings',
      answer: () => ({ body: reads++ === 0 ? { settings: LOADED, revision: LOADED_REVISION, currencies: ['USD'] } : { settings: NEWER, revision: NEWER_REVISION, currencies: ['USD'] } }),
    },
    {
      method: 'PUT', path: '/api/admin/settings',
      answer: (call) => {
        const sent = call.body as { revisionWhenLoaded?: number };
        if (sent.revisionWhenLoaded !== NEWER_REVISION) return { status: 409, body: { message: ADMIN.server.settingsChanged, currentRevision: NEWER_REVISION } };
        const { revisionWhenLoaded: _sent, ...settings } = call.body as Record<string, unknown>;
        return { body: { settings: { ...NEWER, ...settings }, revision: NEWER_REVISION + 2, message: ADMIN.settingsSaved } };
      },
    },
  ]);
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;
const ratePrice = (name: string) => within(screen.getByRole('group', { name })).getByLabelText(ADMIN.ratePrice) as HTMLInputElement;
const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body as Record<string, unknown> & { shippingRates: Array<{ priceCents: number }> });

describe('a settings save refused because the settings were saved elsewhere meanwhile', () => {
  it('says so, keeps every edit, and loads the newer settings with the edits kept over them', async () => {
    const calls = scriptStore();
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.tagline), { target: { value: 'My own tagline' } });
    fireEvent.change(screen.getByLabelText(ADMIN.taxRate), { target: { value: '8.875' } });
    fireEvent.change(ratePrice('Standard'), { target: { value: '7.00' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();

    // the save named the revision it was made against
    expect(puts(calls)[0]!.revisionWhenLoaded).toBe(LOADED_REVISION);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(ADMIN.server.settingsChanged);
    // nothing the owner typed is lost
    expect(valueOf(ADMIN.tagline)).toBe('My own tagline');
    expect(valueOf(ADMIN.taxRate)).toBe('8.875');
    expect(ratePrice('Standard').value).toBe('7.00');
    expect(valueOf(ADMIN.siteTitle)).toBe('Linen & Loam');

    fireEvent.click(screen.getByRole('button', { name: ADMIN.reloadSettings }));
    await settle();
    // the newer title, closed store and express price; the owner's tagline, tax and standard price kept, the tagline named as changed by both
    expect(valueOf(ADMIN.siteTitle)).toBe('Linen & Loam Studio');
    expect(checked(ADMIN.storeOpen)).toBe(false);
    expect(valueOf(ADMIN.tagline)).toBe('My own tagline');
    expect(valueOf(ADMIN.taxRate)).toBe('8.875');
    expect(ratePrice('Standard').value).toBe('7.00');
    expect(ratePrice('Express').value).toBe('18.00');
    expect(screen.getByRole('status').textContent).toBe(ADMIN.settingsReloadedBothChanged(ADMIN.tagline));
    expect(screen.queryByRole('button', { name: ADMIN.reloadSettings })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.save }));

    // saved against the newer revision: the newer title and closed store go with the owner's edits
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const second = puts(calls)[1]!;
    expect(second.revisionWhenLoaded).toBe(NEWER_REVISION);
    expect([second.siteTitle, second.tagline, second.taxRateBasisPoints, second.storeOpen]).toEqual(['Linen & Loam Studio', 'My own tagline', 887.5, false]);
    expect(second.shippingRates.map((rate) => rate.priceCents)).toEqual([700, 1800]);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.settingsSaved);
  });

  it('says nothing of fields changed by both when the owner\'s edits touch none the other save changed', async () => {
    scriptStore();
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.lowStockThreshold), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.reloadSettings }));
    await settle();
    expect(valueOf(ADMIN.lowStockThreshold)).toBe('3');
    expect(valueOf(ADMIN.tagline)).toBe('Linen, woven slowly');
    expect(screen.getByRole('status').textContent).toBe(ADMIN.settingsReloaded);
  });
});
