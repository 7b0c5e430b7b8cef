// @vitest-environment jsdom
/**
 * Duplicate, on a product's editor for roles that may edit the catalogue: the server makes a
 * hidden copy, and the editor opens it, saying what the server said of it (its file not copied…).
 */
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const product = (id: string, title: string) => ({
  id, title, description: '', excerpt: '', productType: 'digital', urlSlug: 'guide', visible: id === 'p1', categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [], file: null,
  variants: [{ id: `v-${id}`, sku: 'G-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true, weightGrams: 0, attributes: {} }],
});

describe('Duplicate', () => {
  it('makes the copy and opens it, saying what was not copied', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: product('p1', 'Guide') } } },
      { method: 'GET', path: '/api/admin/products/p2', answer: { body: { product: product('p2', 'Guide (copy)') } } },
      { method: 'POST', path: '/api/admin/products/p1/duplicate', answer: { status: 201, body: { product: product('p2', 'Guide (copy)'), message: ADMIN.server.productCopiedWithoutFile } } },
    ]);
    const navigate = vi.fn();
    render(<ProductEditor productId="p1" navigate={navigate} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.duplicate }));
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => new URL(call.url, 'http://x').pathname)).toEqual(['/api/admin/products/p1/duplicate']);
    expect(navigate).toHaveBeenCalledWith(ADMIN_PATHS.product('p2'));
    cleanup();
    render(<ProductEditor productId="p2" navigate={navigate} canEdit />);
    await settle();
    expect(screen.getByText(ADMIN.server.productCopiedWithoutFile)).toBeTruthy();
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Guide (copy)');
  });

  it('is not offered to a role that may not create products', async () => {
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: product('p1', 'Guide') } } },
    ]);
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit={false} />);
    await settle();
    expect(screen.queryByRole('button', { name: ADMIN.duplicate })).toBeNull();
  });
});
