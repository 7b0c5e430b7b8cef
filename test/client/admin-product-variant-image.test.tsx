// @vitest-environment jsdom
/**
 * A variant's image in the product editor: chosen in the variant's row from the product's stored
 * images (none: the product's first), sent with the save, and back to none when its image is removed.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const stored = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: ['Colour'], additionalFieldsFormId: null, revision: 3,
  images: [{ id: 'i1', assetUrl: '/uploads/blue.jpg', altText: 'Blue jacket' }, { id: 'i2', assetUrl: '/uploads/green.jpg', altText: '' }],
  variants: [
    { id: 'v1', sku: 'J-B', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: { Colour: 'Blue' }, imageId: null },
    { id: 'v2', sku: 'J-G', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: { Colour: 'Green' }, imageId: 'i2' },
  ],
};

const sentImages = (call: FetchCall) => (call.body as { variants: Array<{ imageId: string | null }> }).variants.map((variant) => variant.imageId);

describe('a variant\'s image in the editor', () => {
  it('is chosen from the product\'s images, saved with the variant, and none once its image is removed', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
      { method: 'PUT', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
    ]);
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const imageOf = (row: number) => within(screen.getByRole('group', { name: `${ADMIN.variant} ${row}` })).getByLabelText(ADMIN.variantImage) as HTMLSelectElement;
    expect([...imageOf(1).options].map((option) => option.textContent)).toEqual([ADMIN.variantImageFirst, 'Image 1: Blue jacket', 'Image 2']);
    expect([imageOf(1).value, imageOf(2).value]).toEqual(['', 'i2']);

    fireEvent.change(imageOf(1), { target: { value: 'i1' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(sentImages(calls.filter((call) => call.method === 'PUT')[0]!)).toEqual(['i1', 'i2']);

    // the green photo removed: its variant shows the product's first again
    const photos = [...document.querySelectorAll('.admin-images > li')] as HTMLElement[];
    fireEvent.click(within(photos[1]!).getByRole('button', { name: ADMIN.removeImage }));
    expect(imageOf(2).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(sentImages(calls.filter((call) => call.method === 'PUT')[1]!)).toEqual([null, null]);
  });
});
