// @vitest-environment jsdom
/**
 * The product editor when a save is refused because stock changed while it was open (an order,
 * another edit): the message names the count now, every edit stays on screen, and the current
 * stock can be loaded into the form without losing them; the next save is made against it.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { fillMessage } from '../../server/messages.ts';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const variant = (id: string, size: string, qtyInStock: number) => ({
  id, sku: `HJ-${size}`, priceCents: 12000, salePriceCents: 0, onSale: false, qtyInStock, unlimited: false, weightGrams: 900, attributes: { Size: size },
});
const product = (small: number, medium: number) => ({
  id: 'p1', title: 'Harbour Jacket', description: '', excerpt: '', urlSlug: 'harbour-jacket', productType: 'physical', visible: true,
  categories: [], tags: [], variantOptions: ['Size'], additionalFieldsFormId: null, images: [],
  variants: [variant('v1', 'S', small), variant('v2', 'M', medium)],
});

const refusal = fillMessage(ADMIN.server.stockChanged, {
  variants: fillMessage(ADMIN.server.stockChangedVariant, { product: 'Harbour Jacket', sku: 'HJ-S', count: 2 }),
});

/** The store: opened with S 3 and M 2; a shopper buys one S before the first save. */
function scriptStore(): FetchCall[] {
  let reads = 0;
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: () => ({ body: { product: reads++ === 0 ? product(3, 2) : product(2, 2) } }) },
    {
      method: 'PUT', path: '/api/admin/products/p1',
      answer: (call) => {
        const sent = call.body as { title: string; variants: Array<{ qtyInStock: number; qtyInStockWhenLoaded: number }> };
        const [small, medium] = sent.variants as [{ qtyInStock: number; qtyInStockWhenLoaded: number }, { qtyInStock: number }];
        if (small.qtyInStockWhenLoaded !== 2 && small.qtyInStock !== small.qtyInStockWhenLoaded) {
          return {
            status: 409,
            body: { message: refusal, fieldErrors: { 'variants.0.qtyInStock': fillMessage(ADMIN.server.stockChangedField, { count: 2 }) }, currentStock: [{ variantId: 'v1', qtyInStock: 2 }] },
          };
        }
        return { body: { product: { ...product(small.qtyInStock, medium.qtyInStock), title: sent.title } } };
      },
    },
  ]);
}

const stockOf = (size: string) => within(screen.getByRole('group', { name: `${ADMIN.variant} ${size === 'S' ? 1 : 2}` })).getByLabelText(ADMIN.stock) as HTMLInputElement;
const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body as { title: string; variants: Array<Record<string, unknown>> });

describe('a save refused because the stock changed meanwhile', () => {
  it('says so with the count now, keeps every edit, and loads the current stock on request', async () => {
    const calls = scriptStore();
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Harbour Jacket, Waxed' } });
    fireEvent.change(stockOf('S'), { target: { value: '10' } });
    fireEvent.change(stockOf('M'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();

    // each count went with the one the editor loaded
    expect(puts(calls)[0]!.variants.map((sent) => [sent.qtyInStock, sent.qtyInStockWhenLoaded])).toEqual([[10, 3], [5, 2]]);
    // and each Unlimited switch with the position it was loaded in, so one left alone keeps the store's
    expect(puts(calls)[0]!.variants.map((sent) => [sent.unlimited, sent.unlimitedWhenLoaded])).toEqual([[false, false], [false, false]]);
    // the message itself, not "correct the marked fields": it names the variant and its count now
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(refusal);
    expect(refusal).toContain('Harbour Jacket (HJ-S) now has 2 in stock');
    expect(stockOf('S').getAttribute('aria-invalid')).toBe('true');
    // nothing the owner typed is lost
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Harbour Jacket, Waxed');
    expect([stockOf('S').value, stockOf('M').value]).toEqual(['10', '5']);

    fireEvent.click(screen.getByRole('button', { name: ADMIN.reloadStock }));
    await settle();
    // S shows the store's count; M, which nothing else changed, keeps the owner's; the title stays
    expect([stockOf('S').value, stockOf('M').value]).toEqual(['2', '5']);
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Harbour Jacket, Waxed');
    expect(screen.getByRole('status').textContent).toBe(ADMIN.stockReloaded);
    expect(stockOf('S').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('button', { name: ADMIN.reloadStock })).toBeNull();

    // decided again against the count now: saved
    fireEvent.change(stockOf('S'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(puts(calls)[1]!.variants.map((sent) => [sent.qtyInStock, sent.qtyInStockWhenLoaded])).toEqual([[9, 2], [5, 2]]);
    expect(puts(calls)[1]!.title).toBe('Harbour Jacket, Waxed');
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productSaved);
  });
});
