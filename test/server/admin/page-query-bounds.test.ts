/**
 * The bounds of a page of an admin list (`limit` 1–200, `offset` 0–1,000,000, pageQuery in
 * admin-validation.ts) are what a number far past them is told, on every list sharing them, not
 * the validation library's safe-integer range (9,007,199,254,740,991), which it also checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let lists: string[];

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const forms = await owner.get<{ forms: Array<{ id: string }> }>('/api/admin/messages/forms');
  lists = [
    '/api/admin/products',
    '/api/admin/inventory',
    '/api/admin/orders',
    '/api/admin/gift-cards',
    '/api/admin/discount-codes',
    `/api/admin/messages/forms/${forms.body.forms[0]!.id}`,
    '/api/admin/messages/subscribers',
    '/api/admin/messages/restock',
  ];
});
afterAll(async () => {
  await server.stop(true);
});

const ask = (list: string, query: string) => owner.get<{ fieldErrors?: Record<string, string> }>(`${list}?${query}`);

describe('a page asked for far past the bounds of a list', () => {
  it('is told the list\'s own maximum and minimum, on every list', async () => {
    for (const list of lists) {
      const farOffset = await ask(list, 'offset=1e20');
      expect(farOffset.status, list).toBe(400);
      expect(farOffset.body.fieldErrors, list).toEqual({ offset: 'Enter 1,000,000 or less.' });
      expect((await ask(list, 'limit=1e20')).body.fieldErrors, list).toEqual({ limit: 'Enter 200 or less.' });
      expect((await ask(list, 'offset=-1e20')).body.fieldErrors, list).toEqual({ offset: 'Enter 0 or more.' });
      expect((await ask(list, 'limit=-1e20')).body.fieldErrors, list).toEqual({ limit: 'Enter 1 or more.' });
      // within the safe range the bounds were already named; a fraction is still not a whole number
      expect((await ask(list, 'offset=1000001')).body.fieldErrors, list).toEqual({ offset: 'Enter 1,000,000 or less.' });
      expect((await ask(list, 'offset=1.5')).body.fieldErrors, list).toEqual({ offset: ADMIN.server.notAWholeNumber });
    }
  });

  it('is the same for a count in a body: a stock of 1e20 is told the largest stock', async () => {
    const refused = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/products', productInput({
      variants: [{ sku: 'HJ-S', priceCents: 12000, qtyInStock: 1e20, attributes: { Size: 'S' } }],
    }));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ 'variants.0.qtyInStock': 'Enter 1,000,000 or less.' });
  });
});
