// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { SignIn } from '../../client/admin/SignIn.tsx';
import { ResetPassword } from '../../client/admin/ResetPassword.tsx';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { StaffScreen } from '../../client/admin/screens/StaffScreen.tsx';
import { MessagesScreen } from '../../client/admin/screens/MessagesScreen.tsx';
import { OrdersScreen } from '../../client/admin/screens/OrdersScreen.tsx';
import { ProductImport } from '../../client/admin/screens/ProductImport.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

describe('the admin sign-in', () => {
  it('labels Email and Password and says when they do not match', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/site-users/account/session', answer: { status: 401, body: { message: 'Invalid' } } }]);
    render(<SignIn siteTitle="Shop" canEmailResetLinks />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.signInFailed);
    // the focus is back on the password, to type it again
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(calls[0]!.body).toEqual({ email: 'owner@example.com', password: 'wrong' });
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('the-crumb');
  });

  it('says which field is empty at the field, sending nothing, instead of the server\'s words for the call', async () => {
    const calls = scriptFetch([]);
    render(<SignIn siteTitle="Shop" canEmailResetLinks />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.enterEmail);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.enterPassword);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(calls).toEqual([]);
  });

  it('asks for a link to choose a new password with the email already typed, and says what was done', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/site-users/account/password-reset', answer: { body: { message: ADMIN.resetLinkSent } } }]);
    render(<SignIn siteTitle="Shop" canEmailResetLinks />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.forgotPassword }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sendLink }));
    await settle();
    expect(calls[0]!.body).toEqual({ email: 'owner@example.com' });
    expect(screen.getByRole('status').textContent).toBe(ADMIN.resetLinkSent);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.backToSignIn }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('says how to get in without a mail server, naming the command with the email typed', () => {
    render(<SignIn siteTitle="Shop" canEmailResetLinks={false} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.forgotPassword }));
    expect(screen.getByRole('status').textContent).toBe(ADMIN.resetNoMail + ADMIN.resetCommand.replace('{email}', 'ann@example.com'));
    expect(screen.getByText('npm run password -- ann@example.com').tagName).toBe('CODE');
    expect(screen.queryByRole('button', { name: ADMIN.sendLink })).toBeNull();
  });
});

describe('choosing a new password from an emailed link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sends the token of the address fragment with the new password, and takes the token out of the address', async () => {
    window.history.replaceState(null, '', '/config/reset-password#token=abc123');
    const calls = scriptFetch([{ method: 'POST', path: '/api/site-users/account/password-reset/confirm', answer: { body: { message: ADMIN.passwordResetDone } } }]);
    render(<ResetPassword signInPath="/config" />);
    await settle();
    expect(window.location.hash).toBe('');
    fireEvent.change(screen.getByLabelText(ADMIN.newPassword), { target: { value: 'a long new passphrase' } });
    fireEvent.change(screen.getByLabelText(ADMIN.newPasswordAgain), { target: { value: 'a long new passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.setPassword }));
    await settle();
    expect(calls[0]!.body).toEqual({ token: 'abc123', newPassword: 'a long new passphrase' });
    expect(screen.getByRole('status').textContent).toBe(ADMIN.passwordResetDone);
    expect(screen.getByRole('link', { name: ADMIN.signIn }).getAttribute('href')).toBe('/config');
  });

  it('checks the two passwords agree before sending, and shows the server\'s answer to a used link', async () => {
    window.history.replaceState(null, '', '/config/reset-password#token=used');
    const calls = scriptFetch([{ method: 'POST', path: '/api/site-users/account/password-reset/confirm', answer: { status: 400, body: { message: ADMIN.server.resetLinkInvalid } } }]);
    render(<ResetPassword signInPath="/config" />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.newPassword), { target: { value: 'a long new passphrase' } });
    fireEvent.change(screen.getByLabelText(ADMIN.newPasswordAgain), { target: { value: 'a long new passphrasE' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.setPassword }));
    await settle();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.passwordsDiffer);
    fireEvent.change(screen.getByLabelText(ADMIN.newPasswordAgain), { target: { value: 'a long new passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.setPassword }));
    await settle();
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toContain(ADMIN.server.resetLinkInvalid);
  });

  it('says the page needs the email\'s link when it is opened without one', async () => {
    window.history.replaceState(null, '', '/config/reset-password');
    render(<ResetPassword signInPath="/config" />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.resetLinkMissing);
  });
});

describe('the product editor', () => {
  it('sends prices in minor units and shows each refused field next to its input', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: { currency: 'USD' } } } },
      {
        method: 'POST', path: '/api/admin/products',
        answer: { status: 400, body: { message: 'Some fields are not valid.', fieldErrors: { title: 'Too long', 'variants.0.priceCents': 'Expected a number' } } },
      },
    ]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Jacket' } });
    const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
    fireEvent.change(variant.getByLabelText('SKU'), { target: { value: 'J-1' } });
    fireEvent.change(variant.getByLabelText('Price'), { target: { value: '12.50' } });
    fireEvent.change(variant.getByLabelText('Stock'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.headers['X-SiteUser-XSRF-Token']).toBe('session-token');
    expect(sent.body).toEqual(expect.objectContaining({
      title: 'Jacket',
      variants: [expect.objectContaining({ sku: 'J-1', priceCents: 1250, qtyInStock: 4, salePriceCents: 0 })],
    }));
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)!.textContent).toBe('Too long');
    const price = variant.getByLabelText('Price');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!)!.textContent).toBe('Expected a number');
    expect(screen.getByText(ADMIN.fixErrors)).toBeTruthy();
  });

  it('lets a new product\'s images be chosen before its first save, and uploads the next ones at once after it', async () => {
    const product = {
      id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
      variantOptions: [], additionalFieldsFormId: null, images: [],
      variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
    };
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'POST', path: '/api/admin/products', answer: { status: 201, body: { product } } },
    ]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByLabelText(ADMIN.uploadImages).hasAttribute('multiple')).toBe(true);
    expect(screen.queryByLabelText(ADMIN.uploadImage)).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Jacket' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.queryByLabelText(ADMIN.uploadImages)).toBeNull();
    expect(screen.getByLabelText(ADMIN.uploadImage).getAttribute('type')).toBe('file');
  });

  it('sends text that is not an amount as null, so the server names the field', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'POST', path: '/api/admin/products', answer: { status: 400, body: { message: 'x', fieldErrors: {} } } },
    ]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(within(screen.getByRole('group', { name: 'Variant 1' })).getByLabelText('Price'), { target: { value: 'twelve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const sent = calls.find((call) => call.method === 'POST')!.body as { variants: Array<{ priceCents: unknown }> };
    expect(sent.variants[0]!.priceCents).toBeNull();
  });

  it('reads a price typed with a decimal comma or thousands commas as the owner means it', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'POST', path: '/api/admin/products', answer: { status: 400, body: { message: 'x', fieldErrors: {} } } },
    ]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    const sent: Array<[unknown, unknown]> = [];
    for (const [price, sale] of [['12,50', '9,5'], ['1,250.50', '1,250'], ['12,5,0', '12.50,00']]) {
      const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
      fireEvent.change(variant.getByLabelText('Price'), { target: { value: price } });
      fireEvent.change(variant.getByLabelText('Sale price'), { target: { value: sale } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await settle();
      const body = calls.filter((call) => call.method === 'POST').at(-1)!.body as { variants: Array<{ priceCents: unknown; salePriceCents: unknown }> };
      sent.push([body.variants[0]!.priceCents, body.variants[0]!.salePriceCents]);
    }
    // text it cannot read goes as null, for the server to name the field
    expect(sent).toEqual([[1250, 950], [125050, 125000], [null, null]]);
  });

  it('keeps an empty sale price empty, and shows why On sale needs one', async () => {
    const product = {
      id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
      variantOptions: [], additionalFieldsFormId: null, images: [],
      variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
    };
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product } } },
      {
        method: 'PUT', path: '/api/admin/products/p1',
        answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'variants.0.salePriceCents': ADMIN.server.saleWithoutPrice } } },
      },
    ]);
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
    const sale = variant.getByLabelText('Sale price') as HTMLInputElement;
    expect(sale.value).toBe('');
    fireEvent.click(variant.getByLabelText('On sale'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const sent = calls.find((call) => call.method === 'PUT')!.body as { variants: Array<{ onSale: boolean; salePriceCents: unknown }> };
    expect(sent.variants[0]).toEqual(expect.objectContaining({ onSale: true, salePriceCents: 0 }));
    expect(sale.value).toBe('');
    expect(sale.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sale.getAttribute('aria-describedby')!)!.textContent).toBe(ADMIN.server.saleWithoutPrice);
  });
});

describe('the settings screen', () => {
  const settings = {
    siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
    storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
    shippingRates: [
      { id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 10000, maxWeightGrams: 0 },
      { id: 'express', name: 'Express', kind: 'weight', priceCents: 1000, perKilogramCents: 250, freeOverCents: 0, maxWeightGrams: 0 },
    ],
  };
  type Sent = { currency: string; taxRateBasisPoints: number; shippingRates: Array<{ priceCents: number; perKilogramCents: number; freeOverCents: number }> };

  function scriptSettings() {
    let stored: Record<string, unknown> = settings;
    return scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: () => ({ body: { settings: stored, currencies: ['USD', 'EUR', 'JPY'] } }) },
      {
        method: 'PUT', path: '/api/admin/settings',
        answer: (call) => {
          stored = { ...settings, ...(call.body as Record<string, unknown>) };
          return { body: { settings: stored } };
        },
      },
    ]);
  }
  const amounts = (rate: string) => {
    const group = within(screen.getByRole('group', { name: rate }));
    const value = (label: string) => (group.queryByLabelText(label) as HTMLInputElement | null)?.value;
    return [value(ADMIN.ratePrice), value(ADMIN.ratePerKilogram), value(ADMIN.rateFreeOver)];
  };

  it('changes the currency without changing any shipping amount, and says prices are not converted', async () => {
    const calls = scriptSettings();
    render(<SettingsScreen canEdit />);
    await settle();
    const currency = screen.getByLabelText(ADMIN.currency);
    expect(document.getElementById(currency.getAttribute('aria-describedby')!)!.textContent).toBe(ADMIN.currencyNotConverted);
    expect(amounts('Standard')).toEqual(['6.00', undefined, '100.00']);
    // never free: the box is empty, not 0.00
    expect(amounts('Express')).toEqual(['10.00', '2.50', '']);

    fireEvent.change(currency, { target: { value: 'JPY' } });
    // the same minor units, written as yen: ¥600 beside a ¥6,800 shirt, as the shop will charge
    expect(amounts('Standard')).toEqual(['600', undefined, '10000']);
    expect(amounts('Express')).toEqual(['1000', '250', '']);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.currency), { target: { value: 'USD' } });
    expect(amounts('Express')).toEqual(['10.00', '2.50', '']);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();

    const sent = calls.filter((call) => call.method === 'PUT').map((call) => call.body as Sent);
    expect(sent.map((body) => [body.currency, body.shippingRates.map((rate) => [rate.priceCents, rate.perKilogramCents, rate.freeOverCents])])).toEqual([
      ['JPY', [[600, 0, 10000], [1000, 250, 0]]],
      ['USD', [[600, 0, 10000], [1000, 250, 0]]],
    ]);
    expect(amounts('Express')).toEqual(['10.00', '2.50', '']);
  });

  it('keeps what the owner typed through a change of currency, and reads commas as in the product editor', async () => {
    const calls = scriptSettings();
    render(<SettingsScreen canEdit />);
    await settle();
    const express = within(screen.getByRole('group', { name: 'Express' }));
    // the per-kilogram rule is said where it is typed: each kilogram begun
    const perKilogram = express.getByLabelText(ADMIN.ratePerKilogram);
    expect(document.getElementById(perKilogram.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(ADMIN.ratePerKilogramHint);
    fireEvent.change(express.getByLabelText(ADMIN.ratePerKilogram), { target: { value: '2,75' } });
    fireEvent.change(express.getByLabelText(ADMIN.rateFreeOver), { target: { value: '1,250' } });
    fireEvent.change(screen.getByLabelText(ADMIN.taxRate), { target: { value: '8,5' } });
    fireEvent.change(screen.getByLabelText(ADMIN.currency), { target: { value: 'EUR' } });
    expect(amounts('Express')).toEqual(['10.00', '2.75', '1250.00']);
    // text that is no amount stays as typed, for the server to name
    fireEvent.change(express.getByLabelText(ADMIN.ratePrice), { target: { value: '12,5,0' } });
    fireEvent.change(screen.getByLabelText(ADMIN.currency), { target: { value: 'JPY' } });
    expect(amounts('Express')).toEqual(['12,5,0', '275', '125000']);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const body = calls.find((call) => call.method === 'PUT')!.body as Sent;
    expect(body.taxRateBasisPoints).toBe(850);
    expect(body.shippingRates[1]).toEqual(expect.objectContaining({ priceCents: null, perKilogramCents: 275, freeOverCents: 125000 }));
  });
});

describe('restock requests', () => {
  it('enable Notify only for a variant back in stock', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [] } } },
      {
        method: 'GET', path: '/api/admin/messages/restock',
        answer: {
          body: {
            groups: [
              { productId: 'p', variantId: 'v1', productTitle: 'Lamp', sku: 'L-0', attributes: {}, qtyInStock: 0, unlimited: false, requestCount: 2, pendingCount: 2, notifiable: false },
              { productId: 'p', variantId: 'v2', productTitle: 'Lamp', sku: 'L-3', attributes: {}, qtyInStock: 3, unlimited: false, requestCount: 1, pendingCount: 1, notifiable: true },
            ],
          },
        },
      },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    const buttons = screen.getAllByRole('button', { name: 'Notify' }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([true, false]);
    expect(screen.queryByText(ADMIN.restockNeedsMailServer)).toBeNull();
  });

  it('offer no Notify on a store without a mail server, and say why and what to do', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [] } } },
      {
        method: 'GET', path: '/api/admin/messages/restock',
        answer: {
          body: {
            groups: [
              { productId: 'p', variantId: 'v1', productTitle: 'Lamp', sku: 'L-0', attributes: {}, qtyInStock: 0, unlimited: false, requestCount: 2, pendingCount: 2, notifiable: false },
              { productId: 'p', variantId: 'v2', productTitle: 'Lamp', sku: 'L-3', attributes: {}, qtyInStock: 3, unlimited: false, requestCount: 1, pendingCount: 1, notifiable: true },
            ],
            hasMore: false,
            canSendEmail: false,
          },
        },
      },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    expect(screen.getByRole('note')).toHaveProperty('textContent', ADMIN.restockNeedsMailServer);
    const buttons = screen.getAllByRole('button', { name: 'Notify' }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([true, true]);
    // each row says why: the one back in stock waits for the mail server
    expect(buttons.map((button) => button.title)).toEqual([ADMIN.notifyDisabled, ADMIN.notifyNeedsMailServer]);
    expect(screen.getByText(ADMIN.notifyNeedsMailServer, { selector: 'small' })).toBeTruthy();
  });

  it('say how many notices were not delivered, and in which row those shoppers wait again', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [] } } },
      {
        method: 'GET', path: '/api/admin/messages/restock',
        answer: {
          body: {
            groups: [
              { productId: 'p', variantId: 'v1', productTitle: 'Lamp', sku: 'L-0', attributes: {}, qtyInStock: 0, unlimited: false, requestCount: 2, pendingCount: 1, undeliveredCount: 0, notifiable: false },
              { productId: 'p', variantId: 'v2', productTitle: 'Lamp', sku: 'L-3', attributes: {}, qtyInStock: 3, unlimited: false, requestCount: 4, pendingCount: 3, undeliveredCount: 2, notifiable: true },
            ],
            hasMore: false,
            canSendEmail: true,
            undeliveredNotices: 2,
          },
        },
      },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    expect(screen.getByRole('note')).toHaveProperty('textContent', ADMIN.restockUndelivered(2));
    expect(ADMIN.restockUndelivered(2)).toMatch(/^2 notices could not be delivered; those shoppers are waiting again/);
    const row = document.querySelector('tr[data-sku="L-3"]')!;
    expect(row.textContent).toContain(ADMIN.undeliveredInGroup(2));
    expect(document.querySelector('tr[data-sku="L-0"]')!.textContent).not.toContain(ADMIN.undeliveredInGroup(0));
  });
});

describe('emails not sent', () => {
  const messagesWith = (byKind: Record<string, number>, waiting = 0) => scriptFetch([
    { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
    { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [] } } },
    { method: 'GET', path: '/api/admin/messages/restock', answer: { body: { groups: [] } } },
    { method: 'GET', path: '/api/admin/messages/emails-not-sent', answer: { body: { days: 30, byKind, waiting } } },
  ]);

  it('says how many emails of any kind wait to be sent again during a mail outage, with no account email refused', async () => {
    messagesWith({}, 3);
    render(<MessagesScreen canNotify />);
    await settle();
    const section = screen.getByRole('region', { name: ADMIN.emailsNotSent });
    expect(within(section).getByText(ADMIN.emailsWaitingToRetry(3))).toBeTruthy();
    expect(within(section).queryByText(ADMIN.emailsNotSentWithin(30))).toBeNull();
  });

  it('counts the account emails not sent lately by kind, each with what to do', async () => {
    messagesWith({ 'staff-invitation': 2, 'password-reset': 1 });
    render(<MessagesScreen canNotify />);
    await settle();
    const section = within(screen.getByRole('region', { name: ADMIN.emailsNotSent }));
    expect(section.getByText(ADMIN.emailsNotSentWithin(30))).toBeTruthy();
    expect(section.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      ADMIN.emailsNotSentByKind['staff-invitation']!(2),
      ADMIN.emailsNotSentByKind['password-reset']!(1),
    ]);
  });

  it('says when the count could not be loaded, with a way to try again, and keeps the other sections', async () => {
    let failing = true;
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [], hasMore: false, canSendEmail: true } } },
      { method: 'GET', path: '/api/admin/messages/restock', answer: { body: { groups: [], hasMore: false } } },
      {
        method: 'GET', path: '/api/admin/messages/emails-not-sent',
        answer: () => (failing ? { status: 500, body: { message: 'Internal error' } } : { body: { days: 30, byKind: { 'password-reset': 1 } } }),
      },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    const section = within(screen.getByRole('region', { name: ADMIN.emailsNotSent }));
    expect(section.getByRole('alert').textContent).toBe(ADMIN.sectionNotLoaded);
    expect(screen.getByText(ADMIN.noSubscribers)).toBeTruthy();
    expect(screen.getByText(ADMIN.noRestockRequests)).toBeTruthy();

    failing = false;
    fireEvent.click(section.getByRole('button', { name: ADMIN.tryAgain }));
    await settle();
    expect(calls.filter((call) => call.url === '/api/admin/messages/emails-not-sent')).toHaveLength(2);
    const loaded = within(screen.getByRole('region', { name: ADMIN.emailsNotSent }));
    expect(loaded.queryByRole('alert')).toBeNull();
    expect(loaded.getAllByRole('listitem').map((item) => item.textContent)).toEqual([ADMIN.emailsNotSentByKind['password-reset']!(1)]);
  });

  it('says nothing when every such email went out', async () => {
    messagesWith({});
    render(<MessagesScreen canNotify />);
    await settle();
    expect(screen.queryByRole('region', { name: ADMIN.emailsNotSent })).toBeNull();
  });
});

describe('the messages screen', () => {
  it('pages subscribers fifty at a time and finds them by address, each list with a pager of its own name', async () => {
    const reader = (n: number) => ({ email: `reader-${n}@example.com`, source: 'newsletter', createdOn: 0 });
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/restock', answer: { body: { groups: [], hasMore: false } } },
      {
        method: 'GET', path: '/api/admin/messages/subscribers',
        answer: (call) => {
          const query = new URL(call.url, 'http://x').searchParams;
          if (query.get('q')) return { body: { subscribers: [reader(7)], hasMore: false } };
          const offset = Number(query.get('offset'));
          return { body: { subscribers: Array.from({ length: offset === 0 ? 50 : 10 }, (_, i) => reader(offset + i)), hasMore: offset === 0 } };
        },
      },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    const pager = screen.getByRole('navigation', { name: `${ADMIN.pages}: ${ADMIN.subscribers}` });
    expect(within(pager).getByText(ADMIN.rowsShown(1, 50))).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: ADMIN.nextPage }));
    await settle();
    expect(screen.getByText('reader-59@example.com')).toBeTruthy();
    expect(calls.map((call) => call.url).filter((url) => url.includes('subscribers'))).toContain('/api/admin/messages/subscribers?limit=50&offset=50');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'reader-7' } });
    fireEvent.submit(screen.getByRole('search'));
    await settle();
    expect(calls.at(-1)!.url).toBe('/api/admin/messages/subscribers?limit=50&offset=0&q=reader-7');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('says by the subscribers that confirmations cannot go out without a mail server, how many wait and what to set', async () => {
    const answer = { subscribers: [], hasMore: false, canSendEmail: false, confirmationsWaiting: 3 };
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/restock', answer: { body: { groups: [], hasMore: false } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: answer } },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    const subscribers = screen.getByRole('region', { name: ADMIN.subscribers });
    const note = within(subscribers).getByRole('note');
    expect(note.textContent).toBe(ADMIN.subscribersNeedMailServer(3));
    expect(note.textContent).toContain('3 sign-ups are waiting');
    expect(note.textContent).toContain('SMTP_URL');
  });

  it('says in each section whose list could not be loaded that it could not, and loads it again when asked', async () => {
    const failing = new Set(['forms', 'subscribers', 'restock']);
    const failOr = (list: string, body: unknown) => () => (failing.has(list) ? { networkError: true } : { body });
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: failOr('forms', { forms: [] }) },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: failOr('subscribers', { subscribers: [], hasMore: false, canSendEmail: true }) },
      { method: 'GET', path: '/api/admin/messages/restock', answer: failOr('restock', { groups: [], hasMore: false }) },
      { method: 'GET', path: '/api/admin/messages/emails-not-sent', answer: { body: { days: 30, byKind: {} } } },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    for (const name of [ADMIN.formSubmissions, ADMIN.subscribers, ADMIN.restockRequests]) {
      const section = within(screen.getByRole('region', { name }));
      expect(section.getByRole('alert').textContent, name).toBe(ADMIN.sectionNotLoaded);
      expect(section.getByRole('button', { name: ADMIN.tryAgain }), name).toBeTruthy();
    }
    failing.delete('subscribers');
    fireEvent.click(within(screen.getByRole('region', { name: ADMIN.subscribers })).getByRole('button', { name: ADMIN.tryAgain }));
    await settle();
    expect(within(screen.getByRole('region', { name: ADMIN.subscribers })).queryByRole('alert')).toBeNull();
    expect(screen.getByText(ADMIN.noSubscribers)).toBeTruthy();
    // the others still say so, each with its own way to try again
    expect(within(screen.getByRole('region', { name: ADMIN.restockRequests })).getByRole('alert').textContent).toBe(ADMIN.sectionNotLoaded);
  });

  it('says nothing of mail on a store that can send', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
      { method: 'GET', path: '/api/admin/messages/restock', answer: { body: { groups: [], hasMore: false } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [], hasMore: false, canSendEmail: true, confirmationsWaiting: 0 } } },
    ]);
    render(<MessagesScreen canNotify />);
    await settle();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText(ADMIN.noSubscribers)).toBeTruthy();
  });
});

describe('the staff screen', () => {
  it("adds a member and shows the password once; the admin's own row has no role menu and no Remove", async () => {
    const member = (id: string, email: string, role: number, you: boolean) => ({ id, email, role, createdOn: 0, you });
    let staff = [member('u1', 'owner@example.com', 1, true)];
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/staff', answer: () => ({ body: { staff, roles: [1, 8, 4, 10, 2] } }) },
      {
        method: 'POST', path: '/api/admin/staff',
        answer: () => {
          staff = [...staff, member('u2', 'packer@example.com', 8, false)];
          return { status: 201, body: { message: 'Added packer@example.com.', password: 'pw-123' } };
        },
      },
    ]);
    render(<StaffScreen />);
    await settle();
    const own = screen.getByText(`owner@example.com ${ADMIN.you}`).closest('tr')!;
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
    fireEvent.change(screen.getByLabelText(ADMIN.staffEmail), { target: { value: 'packer@example.com' } });
    fireEvent.change(screen.getByLabelText(ADMIN.role), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.add }));
    await settle();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ email: 'packer@example.com', role: 8 });
    expect(screen.getByRole('status').textContent).toBe('Added packer@example.com.');
    // the password on its own, to be copied whole
    expect(screen.getByText('pw-123').tagName).toBe('CODE');
    expect(screen.getByRole('button', { name: `${ADMIN.remove} packer@example.com` })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: `${ADMIN.role}: packer@example.com` }) as HTMLSelectElement).value).toBe('8');
  });

  it('shows no password when the store emailed the new member an invitation instead', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/staff', answer: { body: { staff: [], roles: [1, 8] } } },
      { method: 'POST', path: '/api/admin/staff', answer: { status: 201, body: { message: 'Added ann@example.com. An email is on its way.' } } },
    ]);
    render(<StaffScreen />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.staffEmail), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.add }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Added ann@example.com. An email is on its way.');
    expect(document.querySelector('code')).toBeNull();
  });

  it('gives a member who forgot theirs a new password, once asked to confirm, and shows it once', async () => {
    const staff = [{ id: 'u1', email: 'owner@example.com', role: 1, createdOn: 0, you: true }, { id: 'u2', email: 'packer@example.com', role: 8, createdOn: 0, you: false }];
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/staff', answer: { body: { staff, roles: [1, 8] } } },
      { method: 'POST', path: '/api/admin/staff/u2/password', answer: { body: { message: 'New password for packer@example.com.', password: 'pw-456' } } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<StaffScreen />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `${ADMIN.newPasswordFor}: packer@example.com` }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmNewPassword.replace('{email}', 'packer@example.com'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/admin/staff/u2/password']);
    expect(screen.getByRole('status').textContent).toBe('New password for packer@example.com.');
    expect(screen.getByText('pw-456').tagName).toBe('CODE');
  });
});

describe('long lists', () => {
  // the orders screen keeps its filters and page in the address
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('page through orders fifty at a time, the filter starting again from the first page', async () => {
    const order = (n: number) => ({
      id: `order-${n}`, orderNumber: String(1000 + n), createdOn: 0, email: null, name: `Shopper ${n}`, grandTotalCents: 100, currency: 'USD', status: 'paid', testMode: false, itemCount: 1,
    });
    const calls = scriptFetch([
      {
        method: 'GET', path: '/api/admin/orders',
        answer: (call) => {
          const offset = Number(new URL(call.url, 'http://shop.test').searchParams.get('offset'));
          const count = offset === 0 ? 50 : 3;
          return { body: { orders: Array.from({ length: count }, (_, i) => order(offset + i + 1)), hasMore: offset === 0 } };
        },
      },
    ]);
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    const pages = screen.getByRole('navigation', { name: ADMIN.pages });
    expect(within(pages).getByText('1–50')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: ADMIN.previousPage }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: ADMIN.nextPage }));
    await settle();
    expect(calls.at(-1)!.url).toContain('offset=50');
    expect(screen.getByText('Shopper 53')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: ADMIN.pages })).getByText('51–53')).toBeTruthy();
    expect((screen.getByRole('button', { name: ADMIN.nextPage }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(ADMIN.status), { target: { value: 'paid' } });
    await settle();
    expect(calls.at(-1)!.url).toContain('offset=0');
    expect(calls.at(-1)!.url).toContain('status=paid');
  });

  it('find orders by what the owner types, from the first page, and say when none match', async () => {
    const calls = scriptFetch([
      {
        method: 'GET', path: '/api/admin/orders',
        answer: (call) => {
          const q = new URL(call.url, 'http://shop.test').searchParams.get('q');
          const orders = q === null ? [{ id: 'o1', orderNumber: '1001', createdOn: 0, email: 'ada@example.org', name: 'Ada', grandTotalCents: 100, currency: 'USD', status: 'paid', testMode: false, itemCount: 1 }] : [];
          return { body: { orders, hasMore: false } };
        },
      },
    ]);
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    const search = screen.getByRole('searchbox', { name: ADMIN.search });
    expect(document.getElementById(search.getAttribute('aria-describedby')!)!.textContent).toBe(ADMIN.orderSearchHint);
    // the hint names all the search finds, the discount code an order used too
    expect(ADMIN.orderSearchHint).toContain('discount code');
    fireEvent.change(search, { target: { value: ' #1042 ' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.search }));
    await settle();
    expect(calls.at(-1)!.url).toContain(`q=${encodeURIComponent('#1042')}`);
    expect(calls.at(-1)!.url).toContain('offset=0');
    expect(screen.getByText(ADMIN.noMatchingOrders)).toBeTruthy();
  });
});

describe('importing products from a spreadsheet', () => {
  it('sends the chosen file, and lists each problem by row and column when nothing was imported', async () => {
    const problems = [{ row: 3, column: 'Stock', message: ADMIN.server.importNotStock }, { row: 0, column: null, message: 'whole file' }];
    const calls = scriptFetch([{ method: 'POST', path: '/api/admin/product-import', answer: { status: 400, body: { message: 'Nothing was imported: the file has 2 problem(s).', problems, problemCount: 2 } } }]);
    const imported = vi.fn();
    render(<ProductImport onImported={imported} />);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.importButton }));
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.server.importFileMissing);
    const file = new File(['Product,Price,Stock\n'], 'products.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText(ADMIN.importFile), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.importButton }));
    await settle();
    expect((calls[0]!.body as FormData).get('file')).toBe(file);
    expect((calls[0]!.body as FormData).get('update')).toBe('no');
    expect(screen.getByRole('alert').textContent).toBe('Nothing was imported: the file has 2 problem(s).');
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      `${ADMIN.importRow}${ADMIN.importColumn}${ADMIN.importProblem}`, `3Stock${ADMIN.server.importNotStock}`, 'whole file',
    ]);
    expect(imported).not.toHaveBeenCalled();
  });

  it('says how many rows it is importing while a large file is sent and written', async () => {
    let answer!: () => void;
    const after = new Promise<void>((resolve) => (answer = resolve));
    const calls = scriptFetch([{ method: 'POST', path: '/api/admin/product-import', answer: { status: 201, body: { created: 1, updated: 0, message: 'Imported 1 product(s).' }, after } }]);
    render(<ProductImport onImported={vi.fn()} />);
    const csv = ['Product,Description,Price,Stock', ...Array.from({ length: 14_980 }, (_, n) => `P${n},"two\nlines",1.00,1`), '', 'Last,,1.00,1'].join('\r\n');
    fireEvent.change(screen.getByLabelText(ADMIN.importFile), { target: { files: [new File([csv], 'products.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.importButton }));
    await settle();
    expect(calls.length).toBe(1);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Importing 14,981 rows… this can take a minute.'));
    expect(screen.getByRole('button', { name: ADMIN.importing })).toHaveProperty('disabled', true);
    answer();
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Imported 1 product(s).');
  });

  it('says how many were made and lets the list load again', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/admin/product-import', answer: { status: 201, body: { created: 2, updated: 0, message: 'Imported 2 product(s).' } } }]);
    const imported = vi.fn();
    render(<ProductImport onImported={imported} />);
    fireEvent.change(screen.getByLabelText(ADMIN.importFile), { target: { files: [new File(['x'], 'p.csv')] } });
    // the option to write over the shop's products says what it keeps and what it replaces
    const update = screen.getByRole('checkbox', { name: ADMIN.importUpdateExisting });
    expect(update.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(update.getAttribute('aria-describedby')!)!.textContent).toBe(ADMIN.importUpdateHint);
    fireEvent.click(update);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.importButton }));
    await settle();
    expect((calls[0]!.body as FormData).get('update')).toBe('yes');
    expect(screen.getByRole('status').textContent).toBe('Imported 2 product(s).');
    expect(imported).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: ADMIN.importSample }).getAttribute('href')).toBe('/api/admin/product-import/sample.csv');
  });
});
