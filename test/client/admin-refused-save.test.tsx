// @vitest-environment jsdom
/**
 * A refused save in the admin: the line by the button says the marked fields are to be corrected
 * (they are above it), and the focus goes to the first of them, scrolled into view, on every
 * screen that shows field errors; with no field to mark, to the error said.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { setSessionToken } from '../../client/admin/admin-api.ts';
import { ResetPassword } from '../../client/admin/ResetPassword.tsx';
import { AccountScreen } from '../../client/admin/screens/AccountScreen.tsx';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { StaffScreen } from '../../client/admin/screens/StaffScreen.tsx';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

let scrolled: HTMLElement[];

beforeEach(() => {
  setCookies('crumb=the-crumb');
  setSessionToken('session-token');
  scrolled = [];
  // jsdom draws nothing and has no scrollIntoView: record what is asked to scroll
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
});
afterEach(() => {
  cleanup();
  clearCookies();
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  window.history.replaceState(null, '', '/');
});

function refuseProduct(answer: { status: number; body: unknown }) {
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'POST', path: '/api/admin/products', answer },
  ]);
}

async function saveNewProduct(): Promise<void> {
  render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
  await settle();
  fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Jacket' } });
  fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
  await settle();
}

describe('a refused product', () => {
  it('says to correct the marked fields and takes the focus up to the first of them', async () => {
    refuseProduct({ status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'variants.0.priceCents': ADMIN.server.notAnAmount, 'variants.0.weightGrams': ADMIN.server.notAWholeNumber } } });
    await saveNewProduct();
    expect(ADMIN.fixErrors).toBe('Please correct the marked fields.');
    expect(screen.getByText(ADMIN.fixErrors)).toBeTruthy();
    const price = within(screen.getByRole('group', { name: 'Variant 1' })).getByLabelText(ADMIN.price);
    expect(document.activeElement).toBe(price);
    expect(scrolled).toEqual([price]);
  });

  it('marks the option value the server names, under its own field, and takes the focus there', async () => {
    // the server names an option value by the option: variants.1.attributes.Colour
    const stored = {
      id: 'p1', title: 'Apron', description: '', excerpt: '', productType: 'physical', urlSlug: 'apron', visible: true, categories: [], tags: [],
      variantOptions: ['Size', 'Colour'], additionalFieldsFormId: null, images: [],
      variants: ['Natural', 'Indigo'].map((colour, index) => ({
        id: `v${index}`, sku: `A-${index}`, priceCents: 3800, salePriceCents: 0, onSale: false, qtyInStock: 3, unlimited: false, weightGrams: 0, attributes: { Size: 'S', Colour: colour },
      })),
    };
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
      { method: 'PUT', path: '/api/admin/products/p1', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'variants.1.attributes.Colour': ADMIN.server.required } } } },
    ]);
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const second = within(screen.getByRole('group', { name: 'Variant 2' }));
    fireEvent.change(second.getByLabelText('Colour'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const colour = second.getByLabelText('Colour');
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(second.getByText(ADMIN.server.required)).toBeTruthy();
    // the other option of that variant, and the first variant, are not marked
    expect(second.getByLabelText('Size').getAttribute('aria-invalid')).not.toBe('true');
    expect(within(screen.getByRole('group', { name: 'Variant 1' })).getByLabelText('Colour').getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(colour);
  });

  it('takes the focus to a problem of the whole list of variants, which no field shows', async () => {
    refuseProduct({ status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { variants: ADMIN.server.sameOptions } } });
    await saveNewProduct();
    const said = screen.getAllByRole('alert').find((node) => node.textContent === ADMIN.server.sameOptions)!;
    expect(document.activeElement).toBe(said);
    // focusable by the script only, not one more Tab stop
    expect(said.tabIndex).toBe(-1);
  });

  it('takes the focus to the message of a refusal about no field', async () => {
    refuseProduct({ status: 409, body: { message: ADMIN.server.noShop } });
    await saveNewProduct();
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(document.activeElement!.textContent).toBe(ADMIN.server.noShop);
  });
});

describe('the other screens with field errors', () => {
  const settings = {
    siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
    storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
    shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
  };

  it('settings: the first marked field, a shipping rate far down the page', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['USD'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'shippingRates.0.id': ADMIN.server.required } } } },
    ]);
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByText(ADMIN.fixErrors)).toBeTruthy();
    const id = within(screen.getByRole('group', { name: 'Standard' })).getByLabelText(ADMIN.rateId);
    expect(document.activeElement).toBe(id);
    expect(scrolled).toEqual([id]);
  });

  it('account: the field of the form that was refused', async () => {
    scriptFetch([{ method: 'PUT', path: '/api/admin/account/password', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { currentPassword: ADMIN.server.wrongPassword } } } }]);
    render(<AccountScreen email="owner@example.com" onEmailChanged={() => {}} />);
    const form = screen.getByRole('heading', { name: ADMIN.changePassword }).closest('form')!;
    fireEvent.change(within(form).getByLabelText(ADMIN.currentPassword), { target: { value: 'not it' } });
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.changePassword }));
    await settle();
    expect(within(form).getByText(ADMIN.fixErrors)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText(ADMIN.currentPassword));
  });

  it('staff: the email of the member to add', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/staff', answer: { body: { staff: [], roles: [1, 8] } } },
      { method: 'POST', path: '/api/admin/staff', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { email: ADMIN.server.staffEmailTaken } } } },
    ]);
    render(<StaffScreen />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.staffEmail), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.add }));
    await settle();
    expect(screen.getByText(ADMIN.fixErrors)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(ADMIN.staffEmail));
  });

  it('a new password from an emailed link: the second box when the two differ', async () => {
    window.history.replaceState(null, '', '/config/reset-password#token=abc');
    scriptFetch([]);
    render(<ResetPassword signInPath="/config" />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.newPassword), { target: { value: 'a long new passphrase' } });
    fireEvent.change(screen.getByLabelText(ADMIN.newPasswordAgain), { target: { value: 'a long new passphrasE' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.setPassword }));
    await settle();
    expect(document.activeElement).toBe(screen.getByLabelText(ADMIN.newPasswordAgain));
  });
});
