/**
 * Browsing the shop: category and tag filters, the sort orders, the pages of
 * the list in the platform's pagination context, a clear 400 for a query that
 * names no filter, sort or page, and search results counted in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { SHOP_PAGE_SIZE } from '../../server/pages/shop-browsing.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface ShopContext {
  items: Array<{ urlId: string; categories: string[]; tags: string[]; structuredContent: { variants: Array<{ price: number; salePrice: number; onSale: boolean }> } }>;
  categoryFilter: string | null;
  tagFilter: string | null;
  pagination: null | { pageSize: number; nextPage: boolean; nextPageUrl: string | null; prevPage: boolean; prevPageUrl: string | null; currentPage: number; totalPages: number };
  shopBrowse: { matchCount: number };
}

async function shop(query: string): Promise<ShopContext> {
  const response = await fetch(`${server.url}/shop${query}${query.includes('?') ? '&' : '?'}format=json`);
  expect(response.status, query).toBe(200);
  return response.json() as Promise<ShopContext>;
}

const lowest = (item: ShopContext['items'][number]): number => Math.min(...item.structuredContent.variants.map((v) => (v.onSale ? v.salePrice : v.price)));

describe('shop filters, sort and pages', () => {
  it('lists only the category asked for, whatever its case, and says so', async () => {
    const home = await shop('?category=Home');
    expect(home.items.map((item) => item.urlId)).toEqual(['monogram-napkins', 'brass-lamp', 'wool-throw']);
    expect(home.categoryFilter).toBe('Home');
    expect(home.shopBrowse.matchCount).toBe(3);
    expect((await shop('?category=home')).items).toHaveLength(3);
    const html = await (await fetch(`${server.url}/shop?category=Home`)).text();
    expect(html).toContain('3 products in Home');
    expect(html).toMatch(/<a href="\/shop\?category=Home" class="active" aria-current="page">Home<\/a>/);
  });

  it('gives the filters as typed but HTML-escaped, as templates write them as they are', async () => {
    const typed = await shop('?category=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%26more&tag=a%22b');
    expect(typed.categoryFilter).toBe('&lt;img src=x onerror=alert(1)&gt;&amp;more');
    expect(typed.tagFilter).toBe('a&quot;b');
  });

  it('filters by tag', async () => {
    const linen = await shop('?tag=linen');
    expect(linen.tagFilter).toBe('linen');
    expect(linen.items.map((item) => item.urlId).sort()).toEqual(['linen-shirt', 'monogram-napkins']);
    for (const item of linen.items) expect(item.tags).toContain('linen');
  });

  it('sorts by price both ways and by newest, keeping the filter', async () => {
    const up = (await shop('?sort=price-asc&page=1')).items.map(lowest);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await shop('?sort=price-desc')).items.map(lowest);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBeGreaterThan(down[down.length - 1]!);
    const homeByPrice = await shop('?category=Home&sort=price-asc');
    expect(homeByPrice.items.map((item) => item.urlId)).toEqual(['monogram-napkins', 'wool-throw', 'brass-lamp']);
    const created = new Map((await server.app.deps.store.all<{ url_id: string; created_on: number }>('SELECT url_id, created_on FROM products'))
      .map((row) => [row.url_id, row.created_on]));
    const newest = (await shop('?sort=newest')).items.map((item) => created.get(item.urlId)!);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('pages the list with the platform\'s pagination context', async () => {
    const first = await shop('?sort=price-asc');
    expect(first.items).toHaveLength(SHOP_PAGE_SIZE);
    expect(first.pagination).toMatchObject({ pageSize: SHOP_PAGE_SIZE, currentPage: 1, totalPages: 2, nextPage: true, nextPageUrl: '/shop?sort=price-asc&page=2', prevPage: false, prevPageUrl: null });
    const second = await shop('?sort=price-asc&page=2');
    expect(second.items.length).toBe(second.shopBrowse.matchCount - SHOP_PAGE_SIZE);
    expect(second.pagination).toMatchObject({ currentPage: 2, nextPage: false, prevPage: true, prevPageUrl: '/shop?sort=price-asc' });
    expect(new Set([...first.items, ...second.items].map((item) => item.urlId)).size).toBe(second.shopBrowse.matchCount);
    expect((await shop('?category=Home')).pagination).toBeNull();
    expect((await fetch(`${server.url}/shop?page=3`)).status).toBe(404);
  });

  it('answers 400 with a message and a way back to the shop for a sort or filter that cannot be', async () => {
    for (const query of ['?sort=cheapest', '?category=a&category=b', `?tag=${'x'.repeat(101)}`]) {
      const response = await fetch(`${server.url}/shop${query}`);
      expect(response.status, query).toBe(400);
      const html = await response.text();
      expect(html).toContain(serverMessages.shopBrowseInvalid);
      expect(html, query).toMatch(/<main[^>]*>[\s\S]*<a [^>]*href="\/shop">[^<]+<\/a>[\s\S]*<\/main>/);
    }
  });

  it('reads a page number that is not one as the first page', async () => {
    const first = await shop('?sort=price-asc');
    for (const page of ['abc', '0', '-1', '1.5', '', '2x', '1&page=2']) {
      const listed = await shop(`?sort=price-asc&page=${page}`);
      expect(listed.pagination?.currentPage, page).toBe(1);
      expect(listed.items.map((item) => item.urlId), page).toEqual(first.items.map((item) => item.urlId));
    }
    expect((await fetch(`${server.url}/shop?page=abc`)).status).toBe(200);
    // A whole number past the last page is still no page at all.
    expect((await fetch(`${server.url}/shop?page=${'9'.repeat(40)}`)).status).toBe(404);
  });

  it('names the category (as the products spell it) and the tag in the page title', async () => {
    const titleOf = async (query: string) => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${server.url}/shop${query}`)).text())![1];
    expect(await titleOf('')).toBe('Shop · Linen &amp; Loam');
    expect(await titleOf('?category=ceramics')).toBe('Shop — Ceramics · Linen &amp; Loam');
    expect(await titleOf('?category=Home&sort=price-asc')).toBe('Shop — Home · Linen &amp; Loam');
    expect(await titleOf('?tag=linen')).toBe('Shop — linen · Linen &amp; Loam');
    expect(await titleOf('?category=No%20Such%20Thing')).toBe('Shop — No Such Thing · Linen &amp; Loam');
    expect(await titleOf('?category=%3Cb%3E')).toBe('Shop — &lt;b&gt; · Linen &amp; Loam');
  });
});

describe('a category or tag the shop does not have', () => {
  const html = async (query: string) => {
    const response = await fetch(`${server.url}/shop${query}`);
    expect(response.status, query).toBe(200);
    return response.text();
  };
  const notes = (page: string) => /<div class="shop-unknown-filter">[\s\S]*?<\/div>/.exec(page)?.[0] ?? null;

  it('says the shop has no such category, not that it is empty, and offers its categories and every product', async () => {
    const page = await html('?category=Nope&sort=newest');
    const note = notes(page);
    expect(note).toContain(`<p>${fillMessage(serverMessages.shopUnknownCategory, { name: 'Nope' })}</p>`);
    expect(note).toContain(`<a class="button" href="/shop?sort=newest">${serverMessages.shopSeeAllProducts}</a>`);
    expect(page).toMatch(/<a href="\/shop\?category=Ceramics&amp;sort=newest">Ceramics<\/a>/);
    expect(page).not.toContain('class="shop-count"');
    expect(page).not.toContain('Nothing here yet.');
  });

  it('says the same of a tag no product has, the name shown as plain text', async () => {
    const note = notes(await html('?tag=%3Cb%3Ebold'));
    expect(note).toContain(`<p>${fillMessage(serverMessages.shopUnknownTag, { name: '&lt;b&gt;bold' })}</p>`);
    expect(note).toContain(`<a class="button" href="/shop">${serverMessages.shopSeeAllProducts}</a>`);
  });

  it('says nothing of the kind for a category and tag the shop has, in any case, even when no product has both', async () => {
    expect(notes(await html('?category=home'))).toBeNull();
    const neither = await html('?category=ceramics&tag=wool');
    expect(notes(neither)).toBeNull();
    expect(neither).toContain('<p class="shop-count">0 products in ceramics tagged wool</p>');
  });
});

describe('search results', () => {
  it('counts one result in the singular and several in the plural', async () => {
    const one = await (await fetch(`${server.url}/search?q=brass`)).text();
    expect(one).toContain('1 result for “brass”');
    const many = await (await fetch(`${server.url}/search?q=linen`)).text();
    expect(many).toMatch(/\d+ results for “linen”/);
    const none = await (await fetch(`${server.url}/search?q=zzzz`)).text();
    expect(none).toContain('0 results for “zzzz”');
  });

  it('finds every word typed, plurals included, and offers the shop when nothing is found', async () => {
    const urlIds = async (query: string) => ((await (await fetch(`${server.url}/search?q=${encodeURIComponent(query)}&format=json`)).json()) as ShopContext).items.map((item) => item.urlId);
    expect(await urlIds('linen shirt')).toEqual(['linen-shirt']);
    expect(await urlIds('mugs')).toEqual(['stoneware-mug']);
    expect(await urlIds('shirts')).toEqual(['linen-shirt']);
    expect((await urlIds('ceramics')).sort()).toEqual(['bud-vase', 'stoneware-mug']);
    const html = await (await fetch(`${server.url}/search?q=linen%20shirt`)).text();
    expect(html).toContain('1 result for “linen shirt”');
    const none = await (await fetch(`${server.url}/search?q=zzzz`)).text();
    expect(none).toMatch(/<main[^>]*>[\s\S]*<a href="\/shop">[^<]+<\/a>[\s\S]*<\/main>/);
    // A search with results has no need of it.
    expect(html).not.toMatch(/class="search-empty"/);
  });
});
