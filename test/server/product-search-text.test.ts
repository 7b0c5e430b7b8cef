/**
 * Search compares with the description as shoppers read it, never its HTML, whichever way a
 * product was written (the seed, the editor, a spreadsheet import, the repository), and a store
 * older than that text gets it when the server starts. On the engine this run uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProductRepository, type AdminProductWrite } from '../../server/db/admin-product-repository.ts';
import { fillMissingBodySearchText, fillMissingCategoryTagSearchText } from '../../server/db/product-search-text.ts';
import { productInput, upload } from './admin/admin-helpers.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import type { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { startServer } from './helpers/start-server.ts';

/** Words an HTML description holds in its markup only. */
const MARKUP_WORDS = ['class', 'span', 'div', 'href', 'strong', 'style', 'bold', 'amp', 'nbsp'];

const MARKED_UP_BODY = '<div class="care-notes"><p><span style="font-weight: bold">Hand-<b>lin</b>en</span>&nbsp;from our'
  + ' <a href="/journal/loom">R&amp;D</a> <strong>loom</strong></p></div>';

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

/** The URL ids the shop's search finds for the words, in its order. */
async function found(query: string, url = server.url): Promise<string[]> {
  const answer = await fetch(`${url}/search?q=${encodeURIComponent(query)}&format=json`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: Array<{ urlId: string }> }).items.map((item) => item.urlId);
}

function write(urlId: string, body: string): AdminProductWrite {
  return {
    urlId, title: 'Throw', body, excerpt: '', productType: 1, visible: true, additionalFieldsFormId: null, data: {},
    variants: [{ sku: `SKU-${urlId}`, priceCents: 1000, salePriceCents: 0, onSale: false, qtyInStock: 1, unlimited: false, weightGrams: 0, attributes: {} }],
  };
}

describe('search in descriptions', () => {
  it('gives every seeded product its search text', async () => {
    const missing = await server.app.deps.store.all('SELECT id FROM products WHERE body_search_text IS NULL');
    expect(missing).toEqual([]);
  });

  it('finds the words shoppers read, not the tags and attributes around them', async () => {
    const store = server.app.deps.store;
    const { id } = await store.transaction(async (tx) => {
      const products = new AdminProductRepository(tx);
      return products.create((await products.shopCollectionId())!, write('marked-up-throw', MARKED_UP_BODY), Date.now());
    });
    for (const word of MARKUP_WORDS) expect(await found(word), word).not.toContain('marked-up-throw');
    // a word a tag cuts in two, an entity as it reads, words an entity or a tag parts
    expect(await found('linen')).toContain('marked-up-throw');
    expect(await found('R&D loom')).toEqual(['marked-up-throw']);
    expect(await found('hand-linen from')).toEqual(['marked-up-throw']);

    // an edit writes it again
    await store.transaction(async (tx) => {
      await new AdminProductRepository(tx).update(id, write('marked-up-throw', '<p class="plain">Undyed <i>mer</i>ino</p>'));
    });
    expect(await found('merino')).toEqual(['marked-up-throw']);
    expect(await found('loom')).toEqual([]);
    expect(await found('plain')).toEqual([]);
  });

  it('finds what the owner typed in the editor and in a spreadsheet, ampersands and angle brackets included', async () => {
    const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title: 'Harbour Coat', description: 'Designed by our R&D team.\n\nSizes <S> to <XL>.',
      variants: [{ sku: 'HC-1', priceCents: 12000, qtyInStock: 3, attributes: {}, weightGrams: 900 }], variantOptions: [],
    }));
    expect(created.status, created.text).toBe(201);
    expect(await found('R&D team')).toEqual(['harbour-coat']);
    expect(await found('<XL>')).toEqual(['harbour-coat']);
    expect(await found('lt')).not.toContain('harbour-coat');

    const imported = await upload(owner, '/api/admin/product-import', {
      bytes: Buffer.from('Product,Description,Price,Stock\nDye Kit,Tested in the Q&A lab,12.00,4\n'), name: 'products.csv', type: 'text/csv',
    }, {}, 'file');
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(await found('Q&A lab')).toEqual(['dye-kit']);
  });

  it('fills the search text of an older store\'s products when the server starts, reading their HTML until then', async () => {
    const databasePath = server.databasePath;
    const store = server.app.deps.store;
    // as migration 134 leaves a product of an older store
    await store.run("UPDATE products SET body = ?, body_search_text = NULL WHERE url_id = 'wool-throw'", [MARKED_UP_BODY]);
    expect(await found('class')).toEqual(['wool-throw']);
    expect(await found('R&D loom')).toEqual([]);

    await server.stop();
    const restarted = await startServer({ databasePath });
    try {
      expect(await found('class', restarted.url)).toEqual([]);
      expect(await found('R&D loom', restarted.url)).toEqual(['wool-throw']);
      expect(await restarted.app.deps.store.all('SELECT id FROM products WHERE body_search_text IS NULL')).toEqual([]);
      // nothing left for the next start to do
      expect(await fillMissingBodySearchText(restarted.app.deps.store)).toBe(0);
    } finally {
      await restarted.stop();
      server = await startPlatformServer({ databasePath });
    }
  });
});

describe('search in categories and tags', () => {
  it('compares with the stored text of every product\'s categories and tags, written with each write of them', async () => {
    const store = server.app.deps.store;
    expect(await store.all('SELECT id FROM products WHERE category_tag_search_text IS NULL')).toEqual([]);
    // the server the test before this one restarted
    const editor = await server.signInOwner();
    const created = await editor.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title: 'Deck Jacket', categories: ['Foul-Weather Gear'], tags: ['Oilskin', 'sailing'],
      variants: [{ sku: 'DJ-1', priceCents: 9000, qtyInStock: 2, attributes: {}, weightGrams: 800 }], variantOptions: [],
    }));
    expect(created.status, created.text).toBe(201);
    const { id } = created.body.product;
    expect(await store.get('SELECT category_tag_search_text FROM products WHERE id = ?', [id]))
      .toEqual({ category_tag_search_text: 'foul-weather gear\noilskin\nsailing' });
    expect(await found('oilskins')).toEqual(['deck-jacket']);
    expect(await found('weather sailing')).toEqual(['deck-jacket']);
    // a word never runs from one name into the next
    expect(await found('gearoil')).toEqual([]);

    const edited = await editor.put(`/api/admin/products/${id}`, productInput({
      title: 'Deck Jacket', categories: ['Outerwear'], tags: ['waxed'],
      variants: [{ sku: 'DJ-1', priceCents: 9000, qtyInStock: 2, attributes: {}, weightGrams: 800 }], variantOptions: [],
    }));
    expect(edited.status, edited.text).toBe(200);
    expect(await found('oilskin')).toEqual([]);
    expect(await found('waxed')).toEqual(['deck-jacket']);
  });

  it('reads the categories and tags of a row without that text from its data until the server fills it', async () => {
    const store = server.app.deps.store;
    // as migration 141 leaves a product of an older store
    await store.run("UPDATE products SET category_tag_search_text = NULL WHERE url_id = 'deck-jacket'");
    expect(await found('waxed')).toEqual(['deck-jacket']);
    expect(await fillMissingCategoryTagSearchText(store)).toBe(1);
    expect(await store.get("SELECT category_tag_search_text FROM products WHERE url_id = 'deck-jacket'"))
      .toEqual({ category_tag_search_text: 'outerwear\nwaxed' });
    expect(await found('waxed')).toEqual(['deck-jacket']);
  });
});

