/**
 * The owner puts products in the shop's order (`POST /api/admin/products/{productId}/move`, with
 * `{to: "top" | "up" | "down" | "bottom"}`): each move takes the product one place (or to an end)
 * of the whole shop's order, products sharing a place (imports, older data) included; a move past
 * an end changes nothing and says so; the shop shows the new order on its next request, in every
 * process, and the admin's "shop's order" is the shop's. Moves asked at once from two processes
 * each move one place. Only those who may edit the catalogue move products, with the crumb.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let shopId: string;
/** This suite's own products, by title, made newest last (so first in the shop). */
const made = new Map<string, string>();

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  shopId = (await server.app.deps.store.get<{ id: string }>("SELECT id FROM collections WHERE url_id = 'shop'"))!.id;
  for (const [index, title] of ['Order Anchor', 'Order Buoy', 'Order Compass', 'Order Dinghy', 'Order Ensign'].entries()) {
    const saved = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title, urlSlug: `order-${index}`, variantOptions: [], variants: [{ sku: `ORDER-${index}`, priceCents: 1000, qtyInStock: 3, attributes: {} }],
    }));
    expect(saved.status, saved.text).toBe(201);
    made.set(title, saved.body.product.id);
  }
});
afterAll(async () => {
  await server.stop(true);
});

interface MoveAnswer { moved: boolean; position: number; total: number; message: string }

const idOf = (title: string): string => made.get(title)!;
const move = (title: string, to: string, visitor = owner) => visitor.post<MoveAnswer>(`/api/admin/products/${idOf(title)}/move`, { to });

/** The admin's list in the shop's order (the default sort), every product, as ids. */
async function adminOrder(): Promise<string[]> {
  const answer = await owner.get<{ products: Array<{ id: string }> }>('/api/admin/products?limit=200');
  expect(answer.status, answer.text).toBe(200);
  return answer.body.products.map((product) => product.id);
}

/** The titles of this suite's products in the admin's order. */
async function madeOrder(): Promise<string[]> {
  const titleOf = new Map([...made].map(([title, id]) => [id, title]));
  return (await adminOrder()).flatMap((id) => titleOf.get(id) ?? []);
}

/** The shop's whole listing, a page at a time, as shoppers see it. */
async function shopOrder(url = server.url): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}/shop?format=json&page=${page}`);
    expect(response.status).toBe(200);
    const shop = await response.json() as { items: Array<{ id: string }>; shopBrowse: { matchCount: number } };
    ids.push(...shop.items.map((item) => item.id));
    if (ids.length >= shop.shopBrowse.matchCount || shop.items.length === 0) return ids;
  }
}

describe("moving a product in the shop's order", () => {
  it('moves it up, down, to the top and to the bottom of the whole shop, and the shop shows it on its next page', async () => {
    expect(await madeOrder()).toEqual(['Order Ensign', 'Order Dinghy', 'Order Compass', 'Order Buoy', 'Order Anchor']);
    const total = (await adminOrder()).length;
    // the shop's listing is built now, so what follows is read from its kept copy moved on by the catalogue's changes
    expect(await shopOrder()).toEqual(await adminOrder());

    // an editor open on the product meanwhile still saves: a move is not an edit of what it shows
    const revision = async () => (await owner.get<{ product: { revision: number } }>(`/api/admin/products/${idOf('Order Compass')}`)).body.product.revision;
    const revisionBefore = await revision();
    const up = await move('Order Compass', 'up');
    expect(await revision()).toBe(revisionBefore);
    expect(up.status, up.text).toBe(200);
    expect(up.body).toEqual({ moved: true, position: 2, total, message: `Order Compass moved to 2 of ${total} in the shop.` });
    expect(await madeOrder()).toEqual(['Order Ensign', 'Order Compass', 'Order Dinghy', 'Order Buoy', 'Order Anchor']);

    expect((await move('Order Ensign', 'down')).body).toMatchObject({ moved: true, position: 2 });
    expect(await madeOrder()).toEqual(['Order Compass', 'Order Ensign', 'Order Dinghy', 'Order Buoy', 'Order Anchor']);

    // the bottom of the whole shop, past the seeded products
    expect((await move('Order Dinghy', 'bottom')).body).toMatchObject({ moved: true, position: total, total });
    expect((await adminOrder()).at(-1)).toBe(idOf('Order Dinghy'));
    expect((await move('Order Anchor', 'top')).body).toMatchObject({ moved: true, position: 1, total });
    expect(await madeOrder()).toEqual(['Order Anchor', 'Order Compass', 'Order Ensign', 'Order Buoy', 'Order Dinghy']);
    expect(await shopOrder()).toEqual(await adminOrder());
  });

  it('changes nothing past an end, and says so with 200', async () => {
    await move('Order Buoy', 'top');
    const again = await move('Order Buoy', 'up');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ moved: false, position: 1, message: 'Order Buoy is first in the shop already: nothing was moved.' });
    await move('Order Buoy', 'bottom');
    const before = await adminOrder();
    const past = await move('Order Buoy', 'down');
    expect(past.body).toMatchObject({ moved: false, position: before.length, message: 'Order Buoy is last in the shop already: nothing was moved.' });
    expect(await adminOrder()).toEqual(before);
  });

  it('moves a product one place where products share a place, numbering the shop afresh', async () => {
    const { store } = server.app.deps;
    // as an import or older data leaves them: four products on one place, the seed's between
    for (const title of ['Order Anchor', 'Order Buoy', 'Order Compass', 'Order Dinghy']) {
      await store.run('UPDATE products SET display_order = 7 WHERE id = ?', [idOf(title)]);
    }
    // the later id made first: a creation-time tie-break (the admin's, once) would list them otherwise than by id
    const [lower, higher] = ['Order Anchor', 'Order Buoy'].map(idOf).sort();
    await store.run('UPDATE products SET created_on = ? WHERE id = ?', [2_000_000_000_000, lower!]);
    await store.run('UPDATE products SET created_on = ? WHERE id = ?', [1_000_000_000_000, higher!]);
    const before = await adminOrder();
    // the shop's listing and the admin's agree on products that share a place: by id
    expect(before.indexOf(lower!)).toBeLessThan(before.indexOf(higher!));
    expect(await shopOrder()).toEqual(before);
    const tied = before.filter((id) => [...made.values()].includes(id) && id !== idOf('Order Ensign'));
    const third = tied[2]!;
    const at = before.indexOf(third);
    const answer = await owner.post<MoveAnswer>(`/api/admin/products/${third}/move`, { to: 'up' });
    expect(answer.body).toMatchObject({ moved: true, position: at });
    const after = await adminOrder();
    const expected = [...before];
    expected.splice(at, 1);
    expected.splice(at - 1, 0, third);
    expect(after).toEqual(expected);
    // and no two products share a place any more
    const places = await store.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM products WHERE collection_id = ? GROUP BY display_order HAVING COUNT(*) > 1', [shopId]);
    expect(places).toEqual([]);
    expect(await shopOrder()).toEqual(after);
    // then down again, by one place
    expect((await owner.post<MoveAnswer>(`/api/admin/products/${third}/move`, { to: 'down' })).body).toMatchObject({ moved: true, position: at + 1 });
    expect(await adminOrder()).toEqual(before);
  });

  it("moves the content and catalogue versions and notes the product, so another process's shop shows the move", async () => {
    const { store } = server.app.deps;
    const other = await startPlatformServer({ databasePath: server.databasePath });
    try {
      expect(await shopOrder(other.url)).toEqual(await adminOrder());
      const versions = async () => (await store.all<{ name: string; version: number | string }>(
        "SELECT name, version FROM content_versions WHERE name IN ('storefront', 'catalogue') ORDER BY name",
      )).map((row) => Number(row.version));
      const [catalogueBefore, storefrontBefore] = await versions();
      await move('Order Dinghy', 'top');
      const [catalogueAfter, storefrontAfter] = await versions();
      expect(catalogueAfter).toBeGreaterThan(catalogueBefore!);
      expect(storefrontAfter).toBeGreaterThan(storefrontBefore!);
      const noted = await store.all<{ product_id: string }>('SELECT product_id FROM catalogue_changes WHERE version > ?', [catalogueBefore!]);
      expect(noted.map((row) => row.product_id)).toContain(idOf('Order Dinghy'));
      expect((await shopOrder(other.url))[0]).toBe(idOf('Order Dinghy'));
    } finally {
      await other.stop();
    }
  });

  it('moves a product once per move asked at once from two processes: each moves it one place of the order as it is then', async () => {
    const other = await startPlatformServer({ databasePath: server.databasePath });
    try {
      const otherOwner = await other.signInOwner();
      await move('Order Compass', 'bottom');
      const before = await adminOrder();
      const from = before.indexOf(idOf('Order Compass'));
      expect(from).toBeGreaterThanOrEqual(8);
      const answers = await Promise.all([1, 2, 3, 4].flatMap(() => [move('Order Compass', 'up'), move('Order Compass', 'up', otherOwner)]));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      expect(answers.every((answer) => answer.body.moved)).toBe(true);
      // every place from the start to eight up was answered once
      expect(answers.map((answer) => answer.body.position).sort((a, b) => a - b)).toEqual([7, 6, 5, 4, 3, 2, 1, 0].map((step) => from - step));
      const after = await adminOrder();
      const expected = before.filter((id) => id !== idOf('Order Compass'));
      expected.splice(from - 8, 0, idOf('Order Compass'));
      expect(after).toEqual(expected);

      // two products moved at once, one by each process: both moves hold
      const [first, second] = [after[2]!, after[5]!];
      await Promise.all([
        owner.post(`/api/admin/products/${first}/move`, { to: 'down' }),
        otherOwner.post(`/api/admin/products/${second}/move`, { to: 'up' }),
      ]);
      const both = [...after];
      [both[2], both[3]] = [both[3]!, both[2]!];
      [both[4], both[5]] = [both[5]!, both[4]!];
      expect(await adminOrder()).toEqual(both);
      expect(await shopOrder(other.url)).toEqual(await adminOrder());
    } finally {
      await other.stop();
    }
  });
});

describe('refusals', () => {
  it('refuses a product that does not exist with 404, a bad id or a move it does not know with 400', async () => {
    const unknown = await owner.post<{ message: string }>('/api/admin/products/0123456789abcdef01234567/move', { to: 'up' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ADMIN.server.productNotFound);
    expect((await owner.post('/api/admin/products/no%20such/move', { to: 'up' })).status).toBe(400);
    // a body that is not an object is refused by the JSON reader before the call
    expect((await owner.post(`/api/admin/products/${idOf('Order Anchor')}/move`, null)).status).toBe(400);
    for (const body of [{}, { to: 'sideways' }, { to: 3 }, { before: idOf('Order Anchor') }]) {
      const refused = await owner.post<{ fieldErrors: Record<string, string> }>(`/api/admin/products/${idOf('Order Anchor')}/move`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fieldErrors, JSON.stringify(body)).toEqual({ to: ADMIN.server.productMoveTo });
    }
  });

  it('refuses those who may not edit the catalogue, and a call without the crumb', async () => {
    const before = await adminOrder();
    for (const role of ['editor', 'viewer']) {
      const added = await owner.post<{ password: string }>('/api/admin/staff', { email: `order-${role}@example.com`, role });
      expect(added.status, added.text).toBe(201);
      const member = await new SiteUserVisitor(server.url).signIn(`order-${role}@example.com`, added.body.password);
      // they read the list, but move nothing
      expect((await member.get('/api/admin/products')).status).toBe(200);
      expect((await move('Order Anchor', 'top', member)).status, role).toBe(403);
    }
    const withoutCrumb = await owner.post(`/api/admin/products/${idOf('Order Dinghy')}/move`, { to: 'top' }, { withoutCrumb: true });
    expect(withoutCrumb.status).toBe(403);
    expect(await adminOrder()).toEqual(before);
  });
});
