// @vitest-environment jsdom
/**
 * The admin writes amounts in the store's money format, which its page brings with it, as the
 * shop's pages write them (a euro shop in French: 68,00 €), not in the built-in US style.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { formatMoneyWith } from '../../client/lib/money.ts';
import { moneyFormatFor } from '../../server/commerce/money-format.ts';
import { platformMessages } from '../../server/platform-messages.ts';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => window.history.replaceState(null, '', '/'));

const OWNER = {
  email: 'owner@example.com', xsrfToken: 'session-token',
  permissions: ['admin.use', 'catalogue.read', 'catalogue.edit', 'orders.read', 'orders.manage', 'settings.read'],
};
const EUROS_IN_FRENCH = moneyFormatFor('EUR', 'fr-FR');
const WRITTEN = formatMoneyWith(6800, EUROS_IN_FRENCH);

function openAdmin(path: string): void {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', path);
  render(<AdminApp account={OWNER} siteTitle="Lin & Loam" path={path} moneyFormat={EUROS_IN_FRENCH} />);
}

/** What the product editor asks for a one-variant shirt at `priceCents`, to a role the settings are refused to. */
function productEditorRoutes(priceCents: number) {
  return [
    { method: 'GET', path: '/api/admin/settings', answer: { status: 403, body: { message: platformMessages.permissionDenied } } },
    { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
    {
      method: 'GET', path: '/api/admin/products/p1',
      answer: { body: { product: {
        id: 'p1', title: 'Chemise en lin', description: '', excerpt: '', productType: 'physical', urlSlug: 'chemise', visible: true, categories: [], tags: [],
        variantOptions: [], additionalFieldsFormId: null, images: [],
        variants: [{ id: 'v1', sku: 'CL-1', priceCents, salePriceCents: 0, onSale: false, qtyInStock: 3, unlimited: false, weightGrams: 0, attributes: {} }],
      } } },
    },
  ];
}

describe("amounts in the store's money format", () => {
  it("on an order", async () => {
    expect(WRITTEN).toBe('68,00\u00a0€');
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: {
        body: {
          canSendEmail: true,
          order: {
            id: 'o1', orderNumber: '1042', createdOn: Date.UTC(2025, 0, 15), email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 6800, currency: 'EUR',
            status: 'paid', testMode: false, itemCount: 1, subtotalCents: 6800, taxCents: 0, shippingCents: 0, discountCents: 0,
            shippingAddress: null, shippingOption: null, paymentReference: null, lines: [], history: [], emails: [],
          },
        },
      },
    }]);
    openAdmin('/config/orders/o1');
    await settle();
    expect(screen.getByRole('main').textContent).toContain(WRITTEN);
    expect(screen.getByRole('main').textContent).not.toContain('€68.00');
  });

  it('in the products list', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: { currency: 'EUR' }, currencies: ['EUR'] } } },
      {
        method: 'GET', path: '/api/admin/products',
        answer: { body: { products: [{ id: 'p1', title: 'Chemise en lin', productType: 1, visible: true, variantCount: 1, stock: 3, lowestPriceCents: 6800, imageUrl: null }], hasMore: false } },
      },
    ]);
    openAdmin('/config/products');
    await settle();
    await settle();
    expect(screen.getByRole('cell', { name: WRITTEN })).toBeTruthy();
  });

  it('in the products list of a role the settings are refused to, without asking them', async () => {
    // another currency than the other tests', so nothing an earlier screen learnt can write it
    const poundsInBritish = moneyFormatFor('GBP', 'en-GB');
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { status: 403, body: { message: platformMessages.permissionDenied } } },
      {
        method: 'GET', path: '/api/admin/products',
        answer: { body: { products: [{ id: 'p1', title: 'Linen shirt', productType: 1, visible: true, variantCount: 1, stock: 3, lowestPriceCents: 6800, imageUrl: null }], hasMore: false } },
      },
    ]);
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/products');
    render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/products" moneyFormat={poundsInBritish} />);
    await settle();
    await settle();
    expect(screen.getByRole('cell', { name: formatMoneyWith(6800, poundsInBritish) })).toBeTruthy();
    // the page brought the currency with its money format
    expect(calls.filter((call) => call.url === '/api/admin/settings')).toHaveLength(0);
  });

  it("in the product editor, whose prices are typed in the page's currency from the start", async () => {
    const calls = scriptFetch([
      ...productEditorRoutes(1250),
    ]);
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/products/p1');
    // a shop in dinars, which have thousandths: 1250 fils are typed 1.250
    render(<AdminApp account={OWNER} siteTitle="Souq Dates" path="/config/products/p1" moneyFormat={moneyFormatFor('KWD', 'en-US')} />);
    await settle();
    expect((screen.getByLabelText(ADMIN.price) as HTMLInputElement).value).toBe('1.250');
    expect(calls.filter((call) => call.url === '/api/admin/settings')).toHaveLength(0);
  });

  it("in the amount boxes, with the store's decimal mark, read back as the same amount", async () => {
    const calls = scriptFetch([
      ...productEditorRoutes(125050),
      { method: 'PUT', path: '/api/admin/products/p1', answer: (call) => ({ body: { product: { ...(call.body as object), id: 'p1', images: [], variants: [] } } }) },
    ]);
    openAdmin('/config/products/p1');
    await settle();
    // a euro shop in French writes 1250,50 in its boxes, as its pages write 1 250,50 €
    expect((screen.getByLabelText(ADMIN.price) as HTMLInputElement).value).toBe('1250,50');
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect((calls.find((call) => call.method === 'PUT')?.body as { variants: Array<{ priceCents: number }> }).variants[0]!.priceCents).toBe(125050);
  });

  it('in the currency the settings were just saved with, in the same locale, without a reload', async () => {
    const poundsInFrench = moneyFormatFor('GBP', 'fr-FR');
    const settings = {
      siteTitle: 'Lin & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'EUR', taxRateBasisPoints: 0,
      shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 500, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
      storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
    };
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['EUR', 'GBP'] } } },
      // the server answers with the saved currency's format in the store's locale
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: call.body, moneyFormat: poundsInFrench, message: ADMIN.settingsSaved } }) },
      {
        method: 'GET', path: '/api/admin/products',
        answer: { body: { products: [{ id: 'p1', title: 'Chemise en lin', productType: 1, visible: true, variantCount: 1, stock: 3, lowestPriceCents: 6800, imageUrl: null }], hasMore: false } },
      },
    ]);
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/settings');
    const manager = { ...OWNER, permissions: [...OWNER.permissions, 'store.manage'] };
    render(<AdminApp account={manager} siteTitle="Lin & Loam" path="/config/settings" moneyFormat={EUROS_IN_FRENCH} />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.currency), { target: { value: 'GBP' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByText(ADMIN.settingsSaved)).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: ADMIN.screens.products }));
    await settle();
    // not the built-in style (£68.00), nor the euros the page was loaded with
    expect(formatMoneyWith(6800, poundsInFrench)).toBe('68,00\u00a0£GB');
    expect(screen.getByRole('cell', { name: formatMoneyWith(6800, poundsInFrench) })).toBeTruthy();
  });
});
