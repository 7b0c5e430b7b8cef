// @vitest-environment jsdom
/**
 * Deleting a product returns to the list, which says so ("Jacket deleted."), once: the editor
 * leaves the line for the list (screen-notice.ts), and a list opened later says nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { ProductsScreen } from '../../client/admin/screens/ProductsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const product = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};

describe('deleting a product', () => {
  it('says on the list that it was deleted, once', async () => {
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product } } },
      { method: 'DELETE', path: '/api/admin/products/p1', answer: { body: { deleted: true } } },
      { method: 'GET', path: '/api/admin/products', answer: { body: { products: [], hasMore: false } } },
    ]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const navigate = vi.fn();
    render(<ProductEditor productId="p1" navigate={navigate} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.delete }));
    await settle();
    expect(navigate).toHaveBeenCalledWith(ADMIN_PATHS.products);
    cleanup();

    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    // (the list's other live region, for moves in the shop's order, is empty)
    expect(screen.getByText('Jacket deleted.').getAttribute('role')).toBe('status');
    cleanup();
    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    expect(screen.queryByText('Jacket deleted.')).toBeNull();
  });
});
