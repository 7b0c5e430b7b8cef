import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';
import { embeddedData, hostileText, inertnessProblems, SCRIPT_URL, storefrontPageUrls, visibleText } from './xss-checks.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';

type Json = Record<string, any>;

/**
 * Owner texts no call edits yet (site title, store messages, navigation, collection and form
 * texts, button labels, alt texts): written through the repositories as an import or a future
 * editor would leave them, then every page is walked.
 */
const H = hostileText;
const napkins = seededProduct('monogram-napkins');

let server: RunningServer;
let visitor: Visitor;
let confirmationUrl: string;

/** Rewrites one JSON column of every row of a table through `change` (read, change, write back). */
async function rewriteJson(table: string, column: string, change: (value: Json) => Json | undefined): Promise<void> {
  const { store } = server.app.deps;
  for (const row of await store.all<{ id: string; value: string }>(`SELECT id, ${column} AS value FROM ${table}`)) {
    const changed = change(JSON.parse(row.value) as Json);
    if (changed !== undefined) await store.run(`UPDATE ${table} SET ${column} = ? WHERE id = ?`, [JSON.stringify(changed), row.id]);
  }
}

async function storeHostileTexts(): Promise<void> {
  const db = server.app.deps.store;
  const site = new SiteRepository(server.app.deps.store);
  await site.writeSetting('website', { ...(await site.website()), siteTitle: H('site-title'), siteTagLine: H('tag-line') });

  const settings = structuredClone(await site.websiteSettings()) as Json;
  const store = settings.storeSettings as Json;
  store.restockNotificationsSuccessText = H('restock-success');
  store.scarcity = { ...store.scarcity, text: `${H('scarcity')} {qtyInStock}`, threshold: 50 };
  store.customSoldOutText = H('sold-out');
  for (const key of Object.keys(store.restock.messages)) store.restock.messages[key] = H(`restock-${key}`);
  await site.writeSetting('websiteSettings', settings);

  const layout = structuredClone(await site.siteLayout()) as Json;
  for (const navigation of layout.layout) for (const link of navigation.links) link.title = H(`nav-${link.title}`);
  layout.layout[1].links.push({ collectionId: null, title: H('script-link'), url: SCRIPT_URL, children: [], externalLink: SCRIPT_URL, memberAreaId: null });
  layout.layout[0].links.push({ collectionId: null, title: H('spaced-script-link'), children: [], externalLink: ' java\tscript:pwned(8)', memberAreaId: null });
  await site.writeSetting('siteLayout', layout);

  const collections = await db.all<{ id: string; data_json: string }>('SELECT id, data_json FROM collections');
  for (const collection of collections) {
    const data = JSON.parse(collection.data_json) as Json;
    if ('heroTitle' in data) Object.assign(data, { heroTitle: H('hero-title'), heroText: H('hero-text') });
    if ('joinButtonText' in data) Object.assign(data, { joinButtonText: H('join-button'), joinUrl: SCRIPT_URL });
    await db.run('UPDATE collections SET title = ?, description = ?, data_json = ? WHERE id = ?',
      [H('collection-title'), H('collection-description'), JSON.stringify(data), collection.id]);
  }

  for (const form of await db.all<{ id: string; definition_json: string }>('SELECT id, definition_json FROM forms')) {
    const definition = JSON.parse(form.definition_json) as Json;
    Object.assign(definition, { name: H('form-name'), submitButtonText: H('form-submit') });
    for (const fieldDefinition of definition.fields as Json[]) {
      fieldDefinition.title = H('field-title');
      if (fieldDefinition.description) fieldDefinition.description = H('field-description');
      if (fieldDefinition.placeholder) fieldDefinition.placeholder = H('field-placeholder');
      if (Array.isArray(fieldDefinition.options)) fieldDefinition.options = fieldDefinition.options.map((_: unknown, i: number) => H(`option-${i}`));
    }
    await db.run('UPDATE forms SET name = ?, definition_json = ? WHERE id = ?', [H('form-name'), JSON.stringify(definition), form.id]);
  }

  await db.run('UPDATE content_items SET title = ?, excerpt = ?', [H('item-title'), H('item-excerpt')]);
  await rewriteJson('content_items', 'data_json', (data) => ({ ...data, altText: H('item-alt') }));
  await db.run('UPDATE products SET title = ?, excerpt = ?', [H('product-title'), H('product-excerpt')]);
  await rewriteJson('products', 'data_json', (data) => ({ ...data, customAddButtonText: H('add-button'), useCustomAddButtonText: true }));
  await db.run('UPDATE product_images SET alt_text = ?', [H('image-alt')]);
  await rewriteJson('variants', 'attributes_json', (attributes) =>
    (Object.keys(attributes).length === 0 ? undefined : Object.fromEntries(Object.keys(attributes).map((key) => [key, H('variant-option')]))));
}

/** The napkins with their form's required answers (the store refuses them without), hostile too: a choice among the hostile options. */
const napkinsWithAnswers = {
  itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1,
  additionalFields: JSON.stringify({ 'text-monogram-initials': H('initials'), 'select-thread-colour': H('option-0') }),
};

beforeAll(async () => {
  server = await startServer();
  await storeHostileTexts();
  visitor = await new Visitor(server.url).start();
  expect((await visitor.post('/api/commerce/shopping-cart/entries', napkinsWithAnswers)).status).toBe(200);
  const placed = await placeOrderThroughCheckout(visitor);
  expect(placed.status).toBe(201);
  confirmationUrl = placed.body.confirmationUrl ?? '';
  // a second cart, so the cart and checkout pages show an entry too
  expect((await visitor.post('/api/commerce/shopping-cart/entries', napkinsWithAnswers)).status).toBe(200);
});
afterAll(async () => {
  await server.stop(true);
});

describe('owner texts stored in the database', () => {
  it('leave every page inert, the order confirmation included', async () => {
    const urls = await storefrontPageUrls(server.app, { '/checkout/order-confirmed/:orderId': [confirmationUrl] });
    expect(urls.length).toBeGreaterThan(15);
    for (const url of urls) {
      const answer = await visitor.get(url);
      expect(answer.status, url).toBeLessThan(500);
      expect(inertnessProblems(answer.text), url).toEqual([]);
    }
  });

  it('are shown as text where the pages show them', async () => {
    const shownOn: [string, string[]][] = [
      ['/', ['site-title', 'tag-line', 'nav-Home', 'nav-Search', 'hero-title', 'hero-text', 'product-title']],
      ['/shop', ['collection-title', 'collection-description', 'product-title']],
      [`/shop/p/${napkins.urlId}`, ['product-title', 'product-excerpt', 'add-button']],
      ['/lessons', ['item-title', 'item-excerpt']],
      ['/lessons/glazing-at-home', ['join-button', 'item-title']],
      [confirmationUrl, ['product-title']],
    ];
    for (const [url, labels] of shownOn) {
      const text = visibleText((await visitor.get(url)).text);
      for (const label of labels) expect(text, `${label} on ${url}`).toContain(H(label));
    }
  });

  it('island props carry store texts as data, escaped inside their attribute', async () => {
    const product = await visitor.get(`/shop/p/${napkins.urlId}`);
    const data = embeddedData(product.text);
    const asJson = (text: string): string => JSON.stringify(text).slice(1, -1);
    expect(data).toContain(asJson(H('add-button')));
    expect(data).toContain(asJson(H('form-submit')));
  });

  it('a stored javascript: link is left out of the navigation and the join button links home', async () => {
    const home = await visitor.get('/');
    expect(visibleText(home.text)).not.toContain(H('script-link'));
    expect(visibleText(home.text)).not.toContain(H('spaced-script-link'));
    const locked = await visitor.get('/lessons/glazing-at-home');
    expect(locked.status).toBe(403);
    expect(locked.text).toMatch(/class="button join-button" href="\/"/);
  });

  it('the order confirmation keeps its purchase event readable JSON with the hostile name intact', async () => {
    const confirmed = await visitor.get(confirmationUrl);
    const json = /<script type="application\/json" id="purchase-event" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(confirmed.text)?.[1] ?? '';
    expect(json).not.toMatch(/<|>/);
    expect(JSON.stringify(JSON.parse(json))).toContain(JSON.stringify(H('product-title')).slice(1, -1));
  });
});
