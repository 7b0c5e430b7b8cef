/**
 * A search that finds nothing forgives a typo: "stonewear" shows what "stoneware" finds, and the
 * page says so. The words put right come from the shop's product titles, categories and tags, as
 * they are now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMatchQuery } from '../../server/db/search-close-match.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function searchPage(query: string): Promise<string> {
  const response = await fetch(`${server.url}/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return response.text();
}

const productLinks = (html: string): string[] => [...html.matchAll(/href="(\/shop\/p\/[^"]+)"/g)].map((match) => match[1]!)
  .filter((link, index, all) => all.indexOf(link) === index);

describe('a search with a typo', () => {
  it('shows what the words put right find, and says which words those are', async () => {
    const html = await searchPage('stonewear');
    expect(productLinks(html)).toContain('/shop/p/stoneware-mug');
    // said once: the summary says what was searched instead and how much it found, not a note and a summary repeating it
    expect(html).toContain('<p class="search-summary">Nothing matches “stonewear”. Showing 1 result for “stoneware”.</p>');
    expect(html.match(/stoneware”/g)).toHaveLength(1);
    // the box keeps what was typed, to be put right by hand
    expect(html).toContain('value="stonewear"');
    expect(html).not.toContain('class="search-empty"');
  });

  it('puts right only the word that finds nothing, keeping the others', async () => {
    const html = await searchPage('Stoneware mgu');
    expect(productLinks(html)).toEqual(['/shop/p/stoneware-mug']);
    expect(html).toContain(fillMessage(serverMessages.searchCloseMatch, { query: 'Stoneware mgu', results: '1 result', closeMatch: 'stoneware mug' }));
  });

  it('says nothing of the kind when the words typed find products, or when nothing is close', async () => {
    const found = await searchPage('stoneware');
    expect(found).toContain('1 result for “stoneware”');
    expect(found).not.toContain('Nothing matches');
    const none = await searchPage('zzzqqqxx');
    expect(none).toContain('0 results for “zzzqqqxx”');
    expect(none).not.toContain('Nothing matches');
    expect(none).toContain('class="search-empty"');
  });

  it('reads the shop as it is now: a product renamed offers its new words, a hidden one none', async () => {
    const store = server.app.deps.store;
    await store.run("UPDATE products SET title = 'Porcelain Mug' WHERE url_id = 'stoneware-mug'");
    try {
      expect(productLinks(await searchPage('porcelian'))).toEqual(['/shop/p/stoneware-mug']);
      await store.run("UPDATE products SET visible = 0 WHERE url_id = 'stoneware-mug'");
      expect(await searchPage('porcelian')).toContain('0 results for “porcelian”');
    } finally {
      await store.run("UPDATE products SET title = 'Stoneware Mug', visible = 1 WHERE url_id = 'stoneware-mug'");
    }
  });
});

describe('closeMatchQuery', () => {
  const vocabulary = ['mug', 'stoneware', 'linen', 'shirt', 'glaze', 'ash-glaze'];

  it('replaces a word no word of the shop holds by the closest one, when it is close enough to be a typo', () => {
    expect(closeMatchQuery('stonewear', vocabulary)).toBe('stoneware');
    expect(closeMatchQuery('Linen shrit', vocabulary)).toBe('linen shirt');
    expect(closeMatchQuery('glazes', vocabulary)).toBeUndefined();
    expect(closeMatchQuery('galze', vocabulary)).toBe('glaze');
  });

  it('leaves alone words found as they are, words far from any, and words too short to tell', () => {
    expect(closeMatchQuery('stone', vocabulary)).toBeUndefined();
    expect(closeMatchQuery('teapot', vocabulary)).toBeUndefined();
    expect(closeMatchQuery('mu', vocabulary)).toBeUndefined();
  });
});
