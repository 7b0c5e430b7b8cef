// @vitest-environment jsdom
/**
 * A saved product or settings form keeps the keyboard's place: the fieldset disabled while the save
 * is on its way takes the focus from the control that holds it (the browser drops it to the page's
 * body), and once answered it goes back there, or to Save when none had it (a tap), rather than
 * leaving the next Tab to start again from the top of the admin. An image upload, whose field is
 * disabled while the photo is sent, gives the focus back to that field the same way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** An answer given as a browser would meet it: the focused control already blurred by its disabled fieldset. */
const blurred = <T,>(answer: T) => () => {
  (document.activeElement as HTMLElement | null)?.blur();
  return answer;
};

const stored = {
  id: 'p1', title: 'Serving Bowl', description: '', excerpt: '', productType: 'physical', urlSlug: 'serving-bowl', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'SQ2508020', priceCents: 3800, salePriceCents: 0, onSale: false, qtyInStock: 5, unlimited: false, weightGrams: 0, attributes: {} }],
};

const settings = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};

describe('the focus after a save', () => {
  it('goes to Save once a new product is saved with a tap, and back to the box Enter was pressed in', async () => {
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings } } },
      { method: 'POST', path: '/api/admin/products', answer: blurred({ body: { product: stored } }) },
      { method: 'PUT', path: '/api/admin/products/p1', answer: blurred({ body: { product: { ...stored, title: 'Wide Serving Bowl' } } }) },
    ]);
    render(<ProductEditor productId={null} navigate={() => undefined} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Serving Bowl' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByText(ADMIN.productSaved)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.save }));
    const title = screen.getByLabelText(ADMIN.title);
    fireEvent.change(title, { target: { value: 'Wide Serving Bowl' } });
    title.focus();
    fireEvent.submit(title.closest('form')!);
    await settle();
    expect(document.activeElement).toBe(screen.getByLabelText(ADMIN.title));
  });

  it('goes back to Save once the settings are saved', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['USD'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: blurred({ body: { settings: { ...settings, siteTitle: 'Clay & Co' } } }) },
    ]);
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.siteTitle), { target: { value: 'Clay & Co' } });
    screen.getByRole('button', { name: ADMIN.save }).focus();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByText(ADMIN.settingsSaved)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.save }));
  });
});

describe('the focus after an image upload', () => {
  const image = { id: 'i1', assetUrl: '/uploads/a.jpg', originalSize: '10x10', altText: '', contentType: 'image/jpeg', byteSize: 1 };
  const photo = () => new File(['x'], 'bowl.jpg', { type: 'image/jpeg' });

  it('comes back to the upload field, disabled while the photo was sent, once it is uploaded', async () => {
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
      { method: 'POST', path: '/api/admin/products/p1/images', answer: blurred({ status: 201, body: { image } }) },
    ]);
    render(<ProductEditor productId="p1" navigate={() => undefined} canEdit />);
    await settle();
    const field = screen.getByLabelText(ADMIN.uploadImage);
    field.focus();
    fireEvent.change(field, { target: { files: [photo()] } });
    await settle();
    expect(screen.getByText(ADMIN.imageUploaded('bowl.jpg'))).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(ADMIN.uploadImage));
  });

  it('goes to the upload field when Upload again, pressed, is gone', async () => {
    let tries = 0;
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
      { method: 'POST', path: '/api/admin/products/p1/images', answer: () => (++tries === 1 ? { status: 503, body: { message: 'Busy.' } } : blurred({ status: 201, body: { image } })()) },
    ]);
    render(<ProductEditor productId="p1" navigate={() => undefined} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    const again = screen.getByRole('button', { name: ADMIN.uploadAgain('bowl.jpg') });
    again.focus();
    fireEvent.click(again);
    await settle();
    expect(screen.queryByRole('button', { name: ADMIN.uploadAgain('bowl.jpg') })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(ADMIN.uploadImage));
  });
});
