// @vitest-environment jsdom
/**
 * Digital products and gift cards take no stock: the editor does not ask Stock, Unlimited or
 * Weight for them (a new one is saved unlimited), and the product list and inventory say they are
 * always available rather than showing a count, a stored 0 included (decided by the type).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { ProductsScreen } from '../../client/admin/screens/ProductsScreen.tsx';
import { InventoryScreen } from '../../client/admin/screens/InventoryScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } };

describe('the product editor', () => {
  it('asks no stock or weight of a digital product or gift card, and saves a new one unlimited', async () => {
    const calls = scriptFetch([settings, { method: 'POST', path: '/api/admin/products', answer: { status: 400, body: { message: 'x', fieldErrors: {} } } }]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    const variant = () => within(screen.getByRole('group', { name: 'Variant 1' }));
    expect(variant().getByLabelText(ADMIN.stock)).toBeTruthy();
    expect(variant().getByLabelText(ADMIN.weight)).toBeTruthy();
    for (const kind of ['digital', 'giftCard']) {
      fireEvent.change(screen.getByLabelText(ADMIN.productType), { target: { value: kind } });
      expect(variant().queryByLabelText(ADMIN.stock)).toBeNull();
      expect(variant().queryByLabelText(ADMIN.unlimited)).toBeNull();
      expect(variant().queryByLabelText(ADMIN.weight)).toBeNull();
      expect(screen.getByText(ADMIN.noStockForKind)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Gift card' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const sent = calls.find((call) => call.method === 'POST')!.body as { variants: Array<{ unlimited: boolean; qtyInStock: number; weightGrams: number }> };
    expect(sent.variants[0]).toMatchObject({ unlimited: true, qtyInStock: 0, weightGrams: 0 });
  });
});

describe('the lists', () => {
  it('show a digital product holding 0 as always available, not sold out, in the product list', async () => {
    scriptFetch([settings, {
      method: 'GET', path: '/api/admin/products', answer: { body: { hasMore: false, products: [
        { id: 'p1', title: 'Field Guide', productType: 2, visible: true, variantCount: 1, stock: 0, lowestPriceCents: 1500, imageUrl: null },
        { id: 'p2', title: 'Apron', productType: 1, visible: true, variantCount: 1, stock: 0, lowestPriceCents: 1500, imageUrl: null },
      ] } },
    }]);
    render(<ProductsScreen navigate={() => {}} canEdit={false} />);
    await settle();
    const guide = document.querySelector('tr[data-product-id="p1"]')!;
    expect(guide.textContent).toContain(ADMIN.alwaysAvailable);
    expect(guide.querySelector('.admin-out')).toBeNull();
    expect(document.querySelector('tr[data-product-id="p2"] .admin-out')?.textContent).toBe('0');
  });

  it('show no stock field for a variant the inventory says takes no stock', async () => {
    scriptFetch([settings, {
      method: 'GET', path: '/api/admin/inventory', answer: { body: { hasMore: false, lowStock: 5, variants: [
        { productId: 'p1', productTitle: 'Field Guide', variantId: 'v1', sku: 'GUIDE', attributes: {}, qtyInStock: 0, unlimited: false, stockKept: false },
      ] } },
    }]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const row = document.querySelector<HTMLElement>('tr[data-sku="GUIDE"]')!;
    expect(within(row).queryByLabelText(`${ADMIN.stock} GUIDE`)).toBeNull();
    expect(row.textContent).toContain(ADMIN.alwaysAvailable);
  });
});
