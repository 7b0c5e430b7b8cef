import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { serverMessages } from '../../../server/messages.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { field, OWNER_PASSWORD, startServer, tempDatabasePath, Visitor, type CallResult, type RunningServer } from '../platform/harness.ts';
import { hostileText, inertnessProblems, SCRIPT_URL, storefrontPageUrls, visibleText } from './xss-checks.ts';

// Texts the owner sets through the owner calls, and where the storefront shows them.
const STORE_TITLE = hostileText('store-title');
const NAVIGATION_TITLE = hostileText('store-navigation-title');
const STORE_DESCRIPTION = hostileText('store-description');
const CATEGORY_NAME = `"'><img src=x onerror=p>`;
const HEADER = { announcement: hostileText('announcement'), buttonLabel: hostileText('header-button') };
const FOOTER = { text: hostileText('footer-text'), link: SCRIPT_URL };
const CHECKOUT_PREFERENCES = { customMessage: hostileText('checkout-message'), buttonLabel: hostileText('checkout-button') };
const PAGE_TITLE = hostileText('page-title');
const PAGE_TEXT = `${hostileText('page-text')}\n\n[a link](${SCRIPT_URL}) and [another]("><script>pwned(4)</script>)`;

let server: RunningServer;
let removeDatabase: () => void;
let owner: Visitor;
let site: SiteRepository;
let storeId: string;

beforeAll(async () => {
  const database = tempDatabasePath();
  removeDatabase = database.remove;
  server = await startServer(database.path);
  site = new SiteRepository(server.app.deps.store);
  owner = new Visitor(server);
  expect((await owner.signIn(OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server.stop();
  removeDatabase();
});

/** An owner call's answer is JSON the browser will not sniff as a page, holding the value as sent. */
function expectJsonEcho(answer: CallResult): void {
  expect(answer.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
}

async function page(path: string): Promise<{ status: number; html: string }> {
  const answer = await owner.call(path);
  return { status: answer.status, html: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body) };
}

describe('owner texts stored through the owner calls', () => {
  it('a new store keeps its hostile title, navigation title and description as sent', async () => {
    const answer = await owner.call(`/api/content-service/product/1.1/websites/${await site.websiteId()}/products`, {
      json: { title: STORE_TITLE, navigationTitle: NAVIGATION_TITLE, description: STORE_DESCRIPTION },
    });
    expect(answer.status).toBe(201);
    expectJsonEcho(answer);
    expect(field(answer.body, 'title')).toBe(STORE_TITLE);
    expect(field(answer.body, 'description')).toBe(STORE_DESCRIPTION);
    // the url id is derived from the title and holds nothing but slug characters
    expect(field(answer.body, 'urlId')).toMatch(/^[a-z0-9-]+$/);
    storeId = String(field(answer.body, 'id'));
  });

  it('a category name with markup is kept as sent and answered as JSON', async () => {
    const answer = await owner.call(`/api/content-service/product/1.1/websites/${await site.websiteId()}/products/${storeId}/categories`, {
      json: { displayName: CATEGORY_NAME, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
    });
    expect(answer.status).toBe(201);
    expectJsonEcho(answer);
    expect(field(answer.body, 'displayName')).toBe(CATEGORY_NAME);
  });

  it('the new store joins the main navigation under its hostile title', async () => {
    const layout = (await site.siteLayout()) as { layout: { links: { collectionId: string | null }[] }[] };
    const items = layout.layout[0]!.links.map((link) => ({ collectionId: link.collectionId }));
    const answer = await owner.call('/api/widget/UpdateNavigation', { json: { navigation: { items: [...items, { collectionId: storeId }] } } });
    expect(answer.status).toBe(200);
    expectJsonEcho(answer);
  });

  it('a navigation link to a javascript: URL is refused and nothing is written', async () => {
    const before = JSON.stringify(await site.siteLayout());
    for (const externalLink of [SCRIPT_URL, ' JavaScript:pwned(4)', 'java\tscript:pwned(5)', 'data:text/html,<script>pwned(6)</script>', 'vbscript:pwned(7)']) {
      const answer = await owner.call('/api/widget/UpdateNavigation', { json: { navigation: { items: [{ externalLink }] } } });
      expect(answer.status, externalLink).toBe(400);
      expect(field(answer.body, 'message')).toContain(serverMessages.unsafeLink);
    }
    expect(JSON.stringify(await site.siteLayout())).toBe(before);
  });

  it('header, footer and commerce preference texts come back exactly as stored, as JSON', async () => {
    const saved = await owner.call('/api/site-header-footer', { method: 'PUT', json: { header: HEADER, footer: FOOTER } });
    expect(saved.status).toBe(200);
    expectJsonEcho(saved);
    const read = await owner.call('/api/site-header-footer');
    expectJsonEcho(read);
    expect(field(read.body, 'data')).toEqual({ header: HEADER, footer: FOOTER });

    const preferences = await owner.call('/api/v1/commerce-preferences/checkout', { method: 'PUT', json: CHECKOUT_PREFERENCES });
    expect(preferences.status).toBe(200);
    expectJsonEcho(preferences);
    const again = await owner.call('/api/v1/commerce-preferences/checkout');
    expectJsonEcho(again);
    expect(again.body).toEqual(CHECKOUT_PREFERENCES);
  });

  it('a language list with markup is refused with a JSON message', async () => {
    const answer = await owner.call('/api/multilingual/languages', { method: 'PUT', json: { languages: ['<script>pwned(1)</script>'] } });
    expect(answer.status).toBe(400);
    expectJsonEcho(answer);
  });

  it('a page the owner adds on the Pages screen keeps its hostile title and text as sent, in both navigations', async () => {
    const answer = await owner.call('/api/admin/pages', { method: 'POST', json: { title: PAGE_TITLE, urlId: 'hostile-page', text: PAGE_TEXT, navigation: 'both' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expectJsonEcho(answer);
    expect((answer.body as { page: { title: string; text: string } }).page).toMatchObject({ title: PAGE_TITLE, text: PAGE_TEXT });
    const { html } = await page('/hostile-page');
    expect(visibleText(html)).toContain(PAGE_TITLE);
    expect(visibleText(html)).toContain('[a link](javascript:pwned(3))');
  });

  it('every page is inert for the owner and for an anonymous visitor', async () => {
    const anonymous = new Visitor(server);
    const urls = await storefrontPageUrls(server.app, { '/checkout/order-confirmed/:orderId': [] });
    expect(urls.length).toBeGreaterThan(15);
    for (const url of urls) {
      for (const visitor of [owner, anonymous]) {
        const answer = await visitor.call(url);
        expect(answer.status, url).toBeLessThan(500);
        const html = typeof answer.body === 'string' ? answer.body : '';
        expect(inertnessProblems(html), url).toEqual([]);
      }
    }
  });

  it('the hostile store title is shown as text in the navigation of every page', async () => {
    for (const path of ['/', '/shop', '/contact', '/does-not-exist']) {
      const { html } = await page(path);
      expect(visibleText(html), path).toContain(STORE_TITLE);
    }
  });
});
