// @vitest-environment jsdom
/**
 * The focus through the admin's own list buttons: a variant's Move down that makes it last (and
 * so disables the button), a variant's Remove, Add rate and Remove rate in the settings each leave
 * the focus on a control of the list, never on the page's body.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const variant = (n: number) => ({
  id: `v${n}`, sku: `J-${n}`, priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: { Size: `S${n}` },
});
const product = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: ['Size'], additionalFieldsFormId: null, images: [], variants: [variant(1), variant(2), variant(3)],
};

async function openEditor(): Promise<void> {
  scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product } } },
  ]);
  render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
  await settle();
}

const group = (name: string) => within(screen.getByRole('group', { name }));
/** Presses a button as a keyboard user does: focused, then activated. */
function press(button: HTMLElement): void {
  button.focus();
  fireEvent.click(button);
}

describe('the product editor\'s variants', () => {
  it('Move down that makes a variant last puts the focus on its Move up; one that does not keeps it on its Move down', async () => {
    await openEditor();
    press(group('Variant 1').getByRole('button', { name: ADMIN.moveDown }));
    // J-1 is second now, and its Move down still works
    expect((group('Variant 2').getByLabelText(ADMIN.sku) as HTMLInputElement).value).toBe('J-1');
    expect(document.activeElement).toBe(group('Variant 2').getByRole('button', { name: ADMIN.moveDown }));
    press(group('Variant 2').getByRole('button', { name: ADMIN.moveDown }));
    expect((group('Variant 3').getByLabelText(ADMIN.sku) as HTMLInputElement).value).toBe('J-1');
    expect(document.activeElement).toBe(group('Variant 3').getByRole('button', { name: ADMIN.moveUp }));
  });

  it('Remove puts the focus on the Remove of the variant that takes its place, else of the one before it', async () => {
    await openEditor();
    press(group('Variant 2').getByRole('button', { name: ADMIN.removeVariant }));
    expect((group('Variant 2').getByLabelText(ADMIN.sku) as HTMLInputElement).value).toBe('J-3');
    expect(document.activeElement).toBe(group('Variant 2').getByRole('button', { name: ADMIN.removeVariant }));
    press(group('Variant 2').getByRole('button', { name: ADMIN.removeVariant }));
    // one variant left: its Remove is off, so its first field
    expect(screen.queryByRole('group', { name: 'Variant 2' })).toBeNull();
    expect(document.activeElement).toBe(group('Variant 1').getByLabelText('Size'));
  });
});

describe('the settings\' shipping rates', () => {
  const settings = {
    siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
    storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
    shippingRates: [{ id: 'rate-1', name: 'Post', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
  };

  it('Add rate puts the focus in the new rate\'s first field, and its Remove on the rate left, never on the page', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['USD'] } } }]);
    render(<SettingsScreen canEdit />);
    await settle();
    press(screen.getByRole('button', { name: ADMIN.addRate }));
    const added = group(`${ADMIN.rateName} 2`);
    expect(document.activeElement).toBe(added.getByLabelText(ADMIN.rateId));
    press(added.getByRole('button', { name: ADMIN.removeRate }));
    expect(screen.queryByRole('group', { name: `${ADMIN.rateName} 2` })).toBeNull();
    // the one rate left cannot be removed: its first field
    expect(document.activeElement).toBe(group('Post').getByLabelText(ADMIN.rateId));
    press(screen.getByRole('button', { name: ADMIN.addRate }));
    press(screen.getByRole('button', { name: ADMIN.addRate }));
    press(group(`${ADMIN.rateName} 3`).getByRole('button', { name: ADMIN.removeRate }));
    expect(document.activeElement).toBe(group(`${ADMIN.rateName} 2`).getByRole('button', { name: ADMIN.removeRate }));
  });
});
