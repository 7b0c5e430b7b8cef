/**
 * A search that finds more than a page shows its results a page at a time, with the whole count:
 * a grown shop's "oak" found 250 products and the page said "50 results" and showed no more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { upload } from './admin/admin-helpers.ts';
import { SEARCH_PAGE_SIZE } from '../../server/pages/catalogue-pages.ts';

const FOUND = 60;
let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer();
  const owner = await server.signInOwner();
  const rows = Array.from({ length: FOUND }, (_, i) => `Oak Shelf ${String(i + 1).padStart(2, '0')},,OAK-${i + 1},20.00,,5,,`);
  const csv = ['Product,Description,SKU,Price,Sale price,Stock,Option 1 name,Option 1 value', ...rows].join('\n');
  const answer = await upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'oak.csv', type: 'text/csv' }, {}, 'file');
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}, 60_000);
afterAll(async () => {
  await server.stop(true);
});

async function page(query: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}/search?${query}`);
  return { status: response.status, html: await response.text() };
}

const shelves = (html: string): string[] => [...new Set([...html.matchAll(/href="\/shop\/p\/(oak-shelf-\d+)"/g)].map((match) => match[1]!))];

describe('the pages of a search', () => {
  it('counts every result and shows them a page at a time, each reachable', async () => {
    const first = await page('q=oak+shelf');
    expect(first.status).toBe(200);
    expect(first.html).toContain(`${FOUND} results for “oak shelf”`);
    expect(shelves(first.html)).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.html).toContain('Page 1 of 3');
    expect(first.html).toContain('href="/search?q=oak+shelf&amp;page=2"');
    const seen = new Set(shelves(first.html));
    for (const n of [2, 3]) {
      const next = await page(`q=oak+shelf&page=${n}`);
      expect(next.status).toBe(200);
      expect(next.html).toContain(`Page ${n} of 3`);
      for (const shelf of shelves(next.html)) seen.add(shelf);
    }
    expect(seen.size).toBe(FOUND);
    // the last page links back and not on
    const last = await page('q=oak+shelf&page=3');
    expect(last.html).toContain('href="/search?q=oak+shelf&amp;page=2"');
    expect(last.html).not.toContain('rel="next"');
  });

  it('answers a page past the last with 404, and a page it cannot read with the first', async () => {
    expect((await page('q=oak+shelf&page=4')).status).toBe(404);
    const unreadable = await page('q=oak+shelf&page=abc');
    expect(unreadable.status).toBe(200);
    expect(unreadable.html).toContain('Page 1 of 3');
  });

  it('shows no pages for a search that fits on one', async () => {
    const one = await page('q=shelf+07');
    expect(one.html).toContain('1 result for');
    expect(one.html).not.toContain('Pages of results');
  });
});
