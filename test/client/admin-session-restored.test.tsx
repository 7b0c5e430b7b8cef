// @vitest-environment jsdom
/**
 * Signed in again through the prompt after the session ended, the owner is told so by the admin:
 * no screen keeps saying "You must be signed in" of a call it made before (a save, an action, a
 * stock count, an upload), and a product opened while signed out loads, as the lists do.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { platformMessages } from '../../server/platform-messages.ts';
import { scriptFetch, settle, type FetchCall, type ScriptedAnswer } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const PERMISSIONS = [
  'admin.use', 'catalogue.read', 'catalogue.edit', 'orders.read', 'orders.manage', 'messages.read', 'restock.send', 'settings.read', 'store.manage', 'staff.manage',
];
const SIGNED_OUT_MESSAGE = platformMessages.signInRequired;
const SIGNED_OUT: ScriptedAnswer = { status: 401, body: { message: SIGNED_OUT_MESSAGE } };

const PRODUCT = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};
const SETTINGS = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 500, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
};
const ORDER = {
  id: 'o1', orderNumber: '1042', createdOn: 0, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 1250, currency: 'USD',
  status: 'paid', testMode: false, itemCount: 1, subtotalCents: 1250, taxCents: 0, shippingCents: 0, discountCents: 0,
  shippingAddress: null, shippingOption: null, paymentReference: null, lines: [], history: [], emails: [],
};
const RESTOCK_GROUP = {
  productId: 'p1', variantId: 'v1', productTitle: 'Jacket', sku: 'J-1', attributes: {}, qtyInStock: 3, unlimited: false, requestCount: 1, pendingCount: 1, notifiable: true,
};

/**
 * The store, whose session has ended until the password is given again: every write is refused
 * as signed out, and so are the reads named in `readsWhileSignedOut`; the other reads answer.
 */
function scriptStore(readsWhileSignedOut: RegExp = /^$/): FetchCall[] {
  let signedIn = false;
  const read = (path: string, body: unknown) => ({
    method: 'GET', path, answer: (): ScriptedAnswer => (signedIn || !readsWhileSignedOut.test(path) ? { body } : SIGNED_OUT),
  });
  const refusedWhileSignedOut = (method: string) => ({ method, path: /^\/api\//, answer: (): ScriptedAnswer => (signedIn ? { body: { message: 'Done.' } } : SIGNED_OUT) });
  return scriptFetch([
    read('/api/admin/messages/forms', { forms: [] }),
    read('/api/admin/products/p1', { product: PRODUCT }),
    read('/api/admin/products', { products: [], hasMore: false }),
    read('/api/admin/settings', { settings: SETTINGS, currencies: ['USD', 'EUR'] }),
    read('/api/admin/staff', { staff: [{ id: 'u1', email: 'owner@example.com', role: 1, createdOn: 0, you: true }], roles: [1, 8] }),
    read('/api/admin/orders/o1', { order: ORDER, canSendEmail: true }),
    read('/api/admin/messages/emails-not-sent', { days: 7, byKind: {} }),
    read('/api/admin/messages/subscribers', { subscribers: [], hasMore: false }),
    read('/api/admin/messages/restock', { groups: [RESTOCK_GROUP], hasMore: false }),
    read('/api/admin/inventory', { variants: [{ productId: 'p1', productTitle: 'Jacket', variantId: 'v1', sku: 'J-1', attributes: {}, qtyInStock: 4, unlimited: false }], hasMore: false, lowStock: 5 }),
    refusedWhileSignedOut('PUT'),
    refusedWhileSignedOut('DELETE'),
    {
      method: 'POST', path: '/api/site-users/account/session', answer: () => {
        signedIn = true;
        return { body: { xsrfToken: 'new-session-token', siteUserId: 'owner' } };
      },
    },
    refusedWhileSignedOut('POST'),
  ]);
}

async function openAdmin(path: string): Promise<void> {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('confirm', vi.fn(() => true));
  window.history.replaceState(null, '', path);
  render(<AdminApp account={{ email: 'owner@example.com', permissions: PERMISSIONS, xsrfToken: 'session-token' }} siteTitle="Shop" path={path} />);
  await settle();
}

async function signInAgain(): Promise<void> {
  const prompt = screen.getByRole('dialog', { name: ADMIN.sessionEndedTitle });
  fireEvent.change(within(prompt).getByLabelText(ADMIN.password), { target: { value: 'the right password' } });
  fireEvent.click(within(prompt).getByRole('button', { name: ADMIN.signIn }));
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(ADMIN.signedInAgain);
}

/** Does `refuse` on the screen at `path`, sees the refusal as signed out, signs in again and sees it gone. */
async function refusedThenSignedInAgain(path: string, refuse: () => void | Promise<void>): Promise<void> {
  scriptStore();
  await openAdmin(path);
  await refuse();
  await settle();
  expect(screen.getByText(SIGNED_OUT_MESSAGE)).toBeTruthy();
  await signInAgain();
  expect(screen.queryByText(SIGNED_OUT_MESSAGE)).toBeNull();
}

const press = (name: string): void => {
  fireEvent.click(screen.getByRole('button', { name }));
};

describe('a refusal as signed out, once the owner has signed in again', () => {
  it('is no longer said by the settings', async () => {
    await refusedThenSignedInAgain('/config/settings', () => press(ADMIN.save));
  });

  it('is no longer said by the account screen, for the password or the email', async () => {
    await refusedThenSignedInAgain('/config/account', () => {
      const password = within(screen.getByRole('button', { name: ADMIN.changePassword }).closest('form')!);
      fireEvent.change(password.getByLabelText(ADMIN.currentPassword), { target: { value: 'old password' } });
      fireEvent.change(password.getByLabelText(ADMIN.newPassword), { target: { value: 'a new long password' } });
      press(ADMIN.changePassword);
    });
    const email = within(screen.getByRole('button', { name: ADMIN.changeEmail }).closest('form')!);
    fireEvent.change(email.getByLabelText(ADMIN.newEmail), { target: { value: 'new@example.com' } });
    fireEvent.change(email.getByLabelText(ADMIN.currentPassword), { target: { value: 'old password' } });
    // the store refuses this one as signed out once more (another tab signed out)
    scriptStore();
    press(ADMIN.changeEmail);
    await settle();
    expect(screen.getByText(SIGNED_OUT_MESSAGE)).toBeTruthy();
    await signInAgain();
    expect(screen.queryByText(SIGNED_OUT_MESSAGE)).toBeNull();
  });

  it('is no longer said by the staff screen', async () => {
    await refusedThenSignedInAgain('/config/staff', () => {
      fireEvent.change(screen.getByLabelText(ADMIN.staffEmail), { target: { value: 'sam@example.com' } });
      press(ADMIN.add);
    });
  });

  it("is no longer said by an order's page", async () => {
    await refusedThenSignedInAgain('/config/orders/o1', () => {
      // Mark fulfilled asks in the page (with the parcel's tracking): its own Mark fulfilled sends it
      press(ADMIN.markFulfilled);
      fireEvent.click(within(screen.getByRole('form', { name: ADMIN.markFulfilled })).getByRole('button', { name: ADMIN.markFulfilled }));
    });
    expect(screen.getByRole('heading', { name: `${ADMIN.orderDetail} #1042` })).toBeTruthy();
  });

  it('is no longer said by the restock requests', async () => {
    await refusedThenSignedInAgain('/config/messages', () => press(ADMIN.notify));
  });

  it("is no longer said by a variant's stock in the inventory, whose typed count stays, marked as not saved until Enter saves it", async () => {
    await refusedThenSignedInAgain('/config/inventory', () => {
      const stock = screen.getByLabelText(`${ADMIN.stock} J-1`);
      fireEvent.change(stock, { target: { value: '9' } });
      fireEvent.blur(stock);
    });
    const stock = screen.getByLabelText(`${ADMIN.stock} J-1`) as HTMLInputElement;
    const row = stock.closest('tr')!;
    expect(stock.value).toBe('9');
    expect(within(row).getByRole('alert').textContent).toBe(ADMIN.stockNotSaved);
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(stock, { key: 'Enter' });
    await settle();
    expect(within(row).queryByRole('alert')).toBeNull();
    expect(stock.getAttribute('aria-invalid')).toBeNull();
    expect(within(row).getByRole('status').textContent).toBe(ADMIN.stockSaved);
  });

  it('leaves no mark on a variant whose refused change left nothing unsaved (a switch to Unlimited, undone)', async () => {
    await refusedThenSignedInAgain('/config/inventory', () => {
      fireEvent.click(screen.getByLabelText(ADMIN.unlimitedOf('J-1')));
    });
    const row = screen.getByLabelText(`${ADMIN.stock} J-1`).closest('tr')!;
    expect(within(row).queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText(ADMIN.unlimitedOf('J-1')) as HTMLInputElement).checked).toBe(false);
  });

  it("is no longer said under the product editor's image upload, which still offers to send the photo again", async () => {
    await refusedThenSignedInAgain('/config/products/p1', () => {
      fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [new File(['x'], 'shirt.jpg', { type: 'image/jpeg' })] } });
    });
    expect(screen.getByLabelText(ADMIN.uploadImage).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('button', { name: ADMIN.uploadAgain('shirt.jpg') })).toBeTruthy();
  });
});

describe('a product import refused as signed out', () => {
  it('is no longer said once the owner has signed in again', async () => {
    await refusedThenSignedInAgain('/config/products', () => {
      fireEvent.change(screen.getByLabelText(ADMIN.importFile), { target: { files: [new File(['Product,Price,Stock\n'], 'products.csv', { type: 'text/csv' })] } });
      press(ADMIN.importButton);
    });
  });
});

describe('a product opened after the session ended', () => {
  it('loads once the owner has signed in again, as the lists do', async () => {
    scriptStore(/^\/api\/admin\/(products\/p1|messages\/forms)$/);
    await openAdmin('/config/products/p1');
    expect(screen.getByText(SIGNED_OUT_MESSAGE)).toBeTruthy();
    expect(screen.queryByLabelText(ADMIN.title)).toBeNull();
    await signInAgain();
    expect(screen.queryByText(SIGNED_OUT_MESSAGE)).toBeNull();
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Jacket');
  });
});
