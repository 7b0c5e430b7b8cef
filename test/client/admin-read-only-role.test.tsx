// @vitest-environment jsdom
/**
 * A member of staff whose role may read a form but not save it (a viewer opening a product, the
 * settings or a discount code) is told why every field and Save are greyed out, rather than
 * meeting a form that looks broken; a role that may save it is told nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { DiscountCodeEditor } from '../../client/admin/screens/DiscountCodeEditor.tsx';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(cleanup);

const settings = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};
const product = {
  id: 'p1', title: 'Serving Bowl', description: '', excerpt: '', productType: 'physical', urlSlug: 'serving-bowl', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'SQ2508020', priceCents: 3800, salePriceCents: 0, onSale: false, qtyInStock: 5, unlimited: false, weightGrams: 0, attributes: {} }],
};
const discountCode = {
  id: 'd1', code: 'WELCOME10', kind: 'percent', percentBasisPoints: 1000, amountCents: 0, currency: 'USD', minimumSubtotalCents: 0,
  startsOn: null, endsOn: null, usageLimit: null, timesUsed: 0, createdOn: 0, stoppedOn: null, firstDay: null, lastDay: null, state: 'active',
  oncePerCustomer: false, uses: [], appliesTo: 'order', targets: [], targetNames: [],
};

function answering() {
  scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings, currencies: ['USD'] } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product } } },
    { method: 'GET', path: /\/api\/admin\/discount-codes\/d1/, answer: { body: { discountCode } } },
  ]);
}

describe('a form the role may read but not save', () => {
  it('says why it is greyed out, on the product, the settings and a discount code', async () => {
    answering();
    render(<ProductEditor productId="p1" navigate={() => undefined} canEdit={false} />);
    await settle();
    expect((screen.getByRole('button', { name: ADMIN.save }) as HTMLButtonElement).closest('fieldset')!.disabled).toBe(true);
    expect(screen.getByText(ADMIN.readOnlyRole)).toBeTruthy();
    cleanup();
    render(<SettingsScreen canEdit={false} />);
    await settle();
    expect(screen.getByText(ADMIN.readOnlyRole)).toBeTruthy();
    cleanup();
    render(<DiscountCodeEditor discountCodeId="d1" navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.getByText(ADMIN.readOnlyRole)).toBeTruthy();
  });

  it('says nothing of it to a role that may save it', async () => {
    answering();
    render(<ProductEditor productId="p1" navigate={() => undefined} canEdit />);
    await settle();
    expect(screen.getByLabelText(ADMIN.title)).toBeTruthy();
    render(<SettingsScreen canEdit />);
    await settle();
    expect(screen.queryByText(ADMIN.readOnlyRole)).toBeNull();
  });
});
