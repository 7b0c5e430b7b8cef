// @vitest-environment jsdom
/**
 * The tax rate in the settings: a percentage with up to three decimals (8.875 % in New York City),
 * typed with a point or a decimal comma, sent as basis points in tenths (887.5) without a float's
 * drift, and shown back as typed; a fourth decimal is sent as no rate, and the server's refusal
 * shows under the field. The fake server answers by the rule the real one checks (isTaxRate).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { isTaxRate, TAX_RATE_MAX_PERCENT } from '../../client/lib/tax-rate.ts';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 887.5,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};
const PROBLEM = ADMIN.server.taxRate.replace('{max}', String(TAX_RATE_MAX_PERCENT));

function scriptSettings(stored: Record<string, unknown> = settings) {
  return scriptFetch([
    { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: stored, currencies: ['USD'] } } },
    {
      method: 'PUT', path: '/api/admin/settings',
      answer: (call) => {
        const sent = call.body as Record<string, unknown>;
        if (!isTaxRate(sent.taxRateBasisPoints)) return { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { taxRateBasisPoints: PROBLEM } } };
        return { body: { settings: { ...stored, ...sent } } };
      },
    },
  ]);
}

const taxBox = () => screen.getByLabelText(ADMIN.taxRate) as HTMLInputElement;
const sentRates = (calls: ReturnType<typeof scriptFetch>) => calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { taxRateBasisPoints: unknown }).taxRateBasisPoints);

async function save(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
  await settle();
}

describe('the tax rate in the settings', () => {
  it('shows a stored rate with three decimals as the owner typed it, and whole and halved ones as before', async () => {
    scriptSettings();
    const { unmount } = render(<SettingsScreen canEdit />);
    await settle();
    expect(taxBox().value).toBe('8.875');
    unmount();
    // 401.4 / 100 is 4.013999999999999 in floating point: the box shows the decimals, not the float
    for (const [taxRateBasisPoints, shown] of [[800, '8'], [850, '8.5'], [725.5, '7.255'], [401.4, '4.014'], [1025, '10.25'], [0, '0']] as const) {
      scriptSettings({ ...settings, taxRateBasisPoints });
      const view = render(<SettingsScreen canEdit />);
      await settle();
      expect(taxBox().value, String(taxRateBasisPoints)).toBe(shown);
      view.unmount();
    }
  });

  it('sends three decimals, with a point or a decimal comma, as exact tenths of a basis point, and keeps them shown', async () => {
    const calls = scriptSettings({ ...settings, taxRateBasisPoints: 800 });
    render(<SettingsScreen canEdit />);
    await settle();
    for (const typed of ['8.875', '8,875', '7.375', '10.25', '4.014', '0.001', '50']) {
      fireEvent.change(taxBox(), { target: { value: typed } });
      await save();
      expect(taxBox().getAttribute('aria-invalid'), typed).not.toBe('true');
      expect(taxBox().value, typed).toBe(typed.replace(',', '.'));
    }
    expect(sentRates(calls)).toEqual([887.5, 887.5, 737.5, 1025, 401.4, 0.1, 5000]);
  });

  it('refuses a fourth decimal with the catalogue text under the field', async () => {
    const calls = scriptSettings();
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.change(taxBox(), { target: { value: '8.8751' } });
    await save();
    // a rate the screen cannot read is sent as none (NaN, null in JSON), for the server to name
    expect(sentRates(calls)).toEqual([null]);
    expect(taxBox().getAttribute('aria-invalid')).toBe('true');
    const described = (taxBox().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(PROBLEM);
    expect(PROBLEM).toBe('Enter a rate from 0 to 50, with at most three decimals, such as 8.875.');
  });
});
