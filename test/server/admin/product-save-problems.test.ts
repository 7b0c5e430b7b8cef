/**
 * A refused product save names every problem at once: a SKU another product has is named with
 * the fields' own problems, not only on the next save once they are fixed. A description over its
 * limit is a field's problem; a body over the server's limit is a plain 413.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

type Refusal = { message: string; fieldErrors: Record<string, string> };

describe('a product save with several problems', () => {
  it('names a SKU another product has together with the fields the schema refuses, on create and on edit', async () => {
    const first = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({ title: 'Owner of the SKU', urlSlug: 'owner-of-the-sku', variants: [{ sku: 'TAKEN-1', priceCents: 1000, qtyInStock: 1, attributes: { Size: 'S' } }] }));
    expect(first.status, first.text).toBe(201);
    const broken = {
      title: 'Second', urlSlug: '',
      variants: [
        { sku: 'TAKEN-1', priceCents: -5, qtyInStock: -1, weightGrams: -2, attributes: { Size: 'S' } },
        { sku: 'FREE-1', priceCents: 1000, qtyInStock: 1, attributes: { Size: 'M' } },
      ],
    };
    const refused = await owner.post<Refusal>('/api/admin/products', productInput(broken));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors).sort()).toEqual(['variants.0.priceCents', 'variants.0.qtyInStock', 'variants.0.sku', 'variants.0.weightGrams']);
    expect(refused.body.fieldErrors['variants.0.sku']).toBe('Another variant already uses this SKU.');

    const second = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({ title: 'Second', urlSlug: 'second-product', variants: [{ sku: 'SECOND-1', priceCents: 1000, qtyInStock: 1, attributes: { Size: 'S' } }] }));
    expect(second.status, second.text).toBe(201);
    const edit = await owner.put<Refusal>(`/api/admin/products/${second.body.product.id}`, productInput({ ...broken, title: '' }));
    expect(edit.status).toBe(400);
    expect(edit.body.fieldErrors).toMatchObject({ title: expect.any(String), 'variants.0.sku': 'Another variant already uses this SKU.', 'variants.0.priceCents': expect.any(String) });
    // its own SKU is not taken from itself
    const own = await owner.put(`/api/admin/products/${second.body.product.id}`, productInput({ title: 'Second', urlSlug: 'second-product', variants: [{ sku: 'SECOND-1', priceCents: 1200, qtyInStock: 1, attributes: { Size: 'S' } }] }));
    expect(own.status, own.text).toBe(200);
  });

  it('refuses a description over 20,000 characters under its field, and a body over the server limit with a plain 413', async () => {
    const long = await owner.post<Refusal>('/api/admin/products', productInput({ title: 'Long', description: 'a'.repeat(20_001) }));
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.description).toBe('Use at most 20,000 characters.');
    const huge = await owner.post<{ message: string }>('/api/admin/products', productInput({ title: 'Huge', description: 'a'.repeat(120_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(serverMessages.bodyTooLarge);
  });
});
