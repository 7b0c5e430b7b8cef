// @vitest-environment jsdom
/**
 * The product editor when a save is refused because someone else saved the product while it was
 * open: the message says so, everything the owner typed stays on screen, and the newer product
 * can be loaded with the owner's edits kept over it (fields both changed named); the next save
 * is made against the newer revision.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { fillMessage } from '../../server/messages.ts';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const variant = (id: string, size: string, priceCents: number) => ({
  id, sku: `HJ-${size}`, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 3, unlimited: false, weightGrams: 900, attributes: { Size: size },
});
const LOADED = {
  id: 'p1', title: 'Harbour Jacket', description: 'Waxed cotton.', excerpt: '', urlSlug: 'harbour-jacket', productType: 'physical', visible: true,
  categories: [], tags: [], variantOptions: ['Size'], additionalFieldsFormId: null, images: [],
  variants: [variant('v1', 'S', 12000), variant('v2', 'M', 12000)], revision: 4,
};
// saved by someone else meanwhile: a new title and description, and a photo
const NEWER = {
  ...LOADED, title: 'Harbour Jacket, Waxed', description: 'Waxed cotton, lined with wool.', revision: 6,
  images: [{ id: 'i1', assetUrl: '/uploads/i1.png', altText: 'The jacket' }],
};

const refusal = fillMessage(ADMIN.server.productChanged, { product: NEWER.title });

/** The store: the first read answers the loaded product, later ones the newer; a save against an older revision is refused. */
function scriptStore(): FetchCall[] {
  let reads = 0;
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: () => ({ body: { product: reads++ === 0 ? LOADED : NEWER } }) },
    {
      method: 'PUT', path: '/api/admin/products/p1',
      answer: (call) => {
        const sent = call.body as { revisionWhenLoaded?: number };
        if (sent.revisionWhenLoaded !== NEWER.revision) return { status: 409, body: { message: refusal, currentRevision: NEWER.revision } };
        return { body: { product: { ...NEWER, ...(call.body as object), revision: NEWER.revision + 1 } } };
      },
    },
  ]);
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const priceOf = (position: number) => (within(screen.getByRole('group', { name: `${ADMIN.variant} ${position}` })).getByLabelText(ADMIN.price) as HTMLInputElement);
const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body as Record<string, unknown> & { variants: Array<{ priceCents: number }> });

describe('a save refused because someone else saved the product meanwhile', () => {
  it('says so, keeps every edit, and loads the newer product with the edits kept over it', async () => {
    const calls = scriptStore();
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(priceOf(1), { target: { value: '99.00' } });
    fireEvent.change(screen.getByLabelText(ADMIN.description), { target: { value: 'Waxed cotton, my words.' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();

    // the save named the revision it was made against
    expect(puts(calls)[0]!.revisionWhenLoaded).toBe(4);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(refusal);
    // nothing the owner typed is lost
    expect(priceOf(1).value).toBe('99.00');
    expect(valueOf(ADMIN.description)).toBe('Waxed cotton, my words.');
    expect(valueOf(ADMIN.title)).toBe('Harbour Jacket');

    fireEvent.click(screen.getByRole('button', { name: ADMIN.reloadProduct }));
    await settle();
    // the newer title and photo; the owner's price and description kept, the description named as changed by both
    expect(valueOf(ADMIN.title)).toBe('Harbour Jacket, Waxed');
    expect(priceOf(1).value).toBe('99.00');
    expect(priceOf(2).value).toBe('120.00');
    expect(valueOf(ADMIN.description)).toBe('Waxed cotton, my words.');
    expect(screen.getByRole('img', { name: 'The jacket' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productReloadedBothChanged(ADMIN.description));
    expect(screen.queryByRole('button', { name: ADMIN.reloadProduct })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.save }));

    // saved against the newer revision: the newer title and photo go with the owner's edits
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const saved = puts(calls)[1]!;
    expect(saved.revisionWhenLoaded).toBe(6);
    expect([saved.title, saved.description, saved.variants.map((sent) => sent.priceCents), saved.images]).toEqual([
      'Harbour Jacket, Waxed', 'Waxed cotton, my words.', [9900, 12000], [{ id: 'i1', altText: 'The jacket' }],
    ]);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productSaved);
  });

  it('says only that the newer version is loaded when the owner and the other edit changed different fields', async () => {
    scriptStore();
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(priceOf(2), { target: { value: '110.00' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.reloadProduct }));
    await settle();
    expect([valueOf(ADMIN.title), priceOf(1).value, priceOf(2).value]).toEqual(['Harbour Jacket, Waxed', '120.00', '110.00']);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productReloaded);
  });
});
