/**
 * The admin's product list at scale: its total, its filters (type, visibility, category, running
 * low by the inventory's rule) and its sorts, each with the page it is asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;

type Listed = { products: Array<{ title: string; stock: number | null; lowestPriceCents: number }>; hasMore: boolean; total: number; lowStock: number };

/** Products of this suite only, all titled "Plist …", so the seed's never get in the way. */
const MADE = [
  { title: 'Plist Walnut Bowl', productType: 'physical', visible: true, categories: ['Kitchen'], price: 3000, stock: 2 },
  { title: 'plist oak board', productType: 'physical', visible: false, categories: ['Kitchen', 'Wood'], price: 1500, stock: 40 },
  { title: 'Plist Pattern PDF', productType: 'digital', visible: true, categories: ['Kitchenware'], price: 800, stock: 0 },
  { title: 'Plist Gift Card', productType: 'giftCard', visible: true, categories: [], price: 5000, stock: 0 },
  { title: 'Plist Carving Class', productType: 'service', visible: true, categories: ['wood'], price: 9000, stock: 10 },
  { title: 'Plist Spoon Club', productType: 'subscription', visible: true, categories: [], price: 2000, stock: 1 },
];

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  for (const [index, made] of MADE.entries()) {
    const saved = await owner.post('/api/admin/products', productInput({
      title: made.title, urlSlug: `plist-${index}`, productType: made.productType, visible: made.visible, categories: made.categories, tags: ['kitchen-tag'],
      variantOptions: [], variants: [{ sku: `PLIST-${index}`, priceCents: made.price, qtyInStock: made.stock, attributes: {} }],
    }));
    expect(saved.status, saved.text).toBe(201);
  }
});
afterAll(async () => {
  await server.stop(true);
});

const titles = async (query: string): Promise<string[]> => {
  const answer = await owner.get<Listed>(`/api/admin/products?q=plist&${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.products.map((product) => product.title);
};

describe('the product list', () => {
  it('says how many products there are in all, and how many a search finds, whatever the page', async () => {
    const all = await owner.get<Listed>('/api/admin/products?limit=2&offset=2');
    const everything = await owner.get<Listed>('/api/admin/products?limit=200');
    expect(all.body.total).toBe(everything.body.products.length);
    const found = await owner.get<Listed>('/api/admin/products?q=plist&limit=2&offset=4');
    expect(found.body).toMatchObject({ total: MADE.length, hasMore: false });
    expect(found.body.products).toHaveLength(2);
  });

  it('keeps to a type, a subscription being a product with a plan', async () => {
    expect((await titles('type=physical')).sort()).toEqual(['Plist Walnut Bowl', 'plist oak board']);
    expect(await titles('type=digital')).toEqual(['Plist Pattern PDF']);
    expect(await titles('type=giftCard')).toEqual(['Plist Gift Card']);
    expect(await titles('type=service')).toEqual(['Plist Carving Class']);
    expect(await titles('type=subscription')).toEqual(['Plist Spoon Club']);
    // and the list says so, as the editor does, though its type code is the physical one
    const club = await owner.get<{ products: Array<{ subscription: boolean; productType: number }> }>('/api/admin/products?q=plist&type=subscription');
    expect(club.body.products).toEqual([expect.objectContaining({ subscription: true, productType: 1 })]);
  });

  it('keeps to the visible or the hidden ones', async () => {
    expect(await titles('visible=hidden')).toEqual(['plist oak board']);
    expect(await titles('visible=visible')).not.toContain('plist oak board');
  });

  it('keeps to a category, whatever its case, never one that only starts the same or a tag', async () => {
    expect((await titles('category=kitchen')).sort()).toEqual(['Plist Walnut Bowl', 'plist oak board']);
    expect((await titles('category=Wood')).sort()).toEqual(['Plist Carving Class', 'plist oak board']);
    expect(await titles('category=kitchen-tag')).toEqual([]);
    const categories = await owner.get<{ categories: string[] }>('/api/admin/product-categories');
    expect(categories.body.categories).toEqual(expect.arrayContaining(['Kitchen', 'Kitchenware', 'Wood']));
  });

  it('keeps to those running low by the inventory rule: no digital product or gift card, however few it holds', async () => {
    // the store's figure is 5 until the owner sets one
    expect((await titles('stock=low')).sort()).toEqual(['Plist Spoon Club', 'Plist Walnut Bowl']);
    const answer = await owner.get<Listed>('/api/admin/products?q=plist&stock=low&type=physical');
    // with the figure, for the filter's label
    expect(answer.body).toMatchObject({ total: 1, lowStock: 5, products: [expect.objectContaining({ title: 'Plist Walnut Bowl' })] });
  });

  it('sorts by title, newest, price both ways and stock, the stockless last', async () => {
    expect(await titles('sort=title')).toEqual(['Plist Carving Class', 'Plist Gift Card', 'plist oak board', 'Plist Pattern PDF', 'Plist Spoon Club', 'Plist Walnut Bowl']);
    expect(await titles('sort=newest')).toEqual(MADE.map((made) => made.title).reverse());
    expect(await titles('sort=price-low')).toEqual(['Plist Pattern PDF', 'plist oak board', 'Plist Spoon Club', 'Plist Walnut Bowl', 'Plist Gift Card', 'Plist Carving Class']);
    expect(await titles('sort=price-high')).toEqual(['Plist Carving Class', 'Plist Gift Card', 'Plist Walnut Bowl', 'Plist Spoon Club', 'plist oak board', 'Plist Pattern PDF']);
    expect((await titles('sort=stock-low')).slice(0, 4)).toEqual(['Plist Spoon Club', 'Plist Walnut Bowl', 'Plist Carving Class', 'plist oak board']);
    expect((await titles('sort=stock-low')).slice(4).sort()).toEqual(['Plist Gift Card', 'Plist Pattern PDF']);
    // a page of a sort goes on where the one before ended
    const first = await owner.get<Listed>('/api/admin/products?q=plist&sort=price-low&limit=3');
    const second = await owner.get<Listed>('/api/admin/products?q=plist&sort=price-low&limit=3&offset=3');
    expect([...first.body.products, ...second.body.products].map((product) => product.title)).toEqual(await titles('sort=price-low'));
  });

  it('answers what the cheapest and the dearest variant sell for now, for the list\'s "from" price', async () => {
    type Priced = { products: Array<{ title: string; lowestPriceCents: number; highestPriceCents: number }> };
    // one product of its own, found by a word no other product of this suite has
    const saved = await owner.post('/api/admin/products', productInput({
      title: 'Ranged Apron', urlSlug: 'ranged-apron', variantOptions: ['Size'],
      variants: [
        { sku: 'RA-S', priceCents: 4000, qtyInStock: 1, attributes: { Size: 'S' } },
        { sku: 'RA-M', priceCents: 4200, qtyInStock: 1, attributes: { Size: 'M' } },
        // its sale price is what it sells for, so the lowest
        { sku: 'RA-L', priceCents: 4200, salePriceCents: 3800, onSale: true, qtyInStock: 1, attributes: { Size: 'L' } },
      ],
    }));
    expect(saved.status, saved.text).toBe(201);
    const ranged = await owner.get<Priced>('/api/admin/products?q=ranged%20apron');
    expect(ranged.body.products).toEqual([expect.objectContaining({ lowestPriceCents: 3800, highestPriceCents: 4200 })]);
    // one price: both the same
    const one = await owner.get<Priced>('/api/admin/products?q=plist%20walnut');
    expect(one.body.products).toEqual([expect.objectContaining({ lowestPriceCents: 3000, highestPriceCents: 3000 })]);
  });

  it('refuses a sort, type or visibility it does not know', async () => {
    for (const query of ['sort=cheapest', 'type=ebook', 'visible=maybe', 'stock=high']) {
      expect((await owner.get(`/api/admin/products?${query}`)).status, query).toBe(400);
    }
  });
});
