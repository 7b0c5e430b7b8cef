/**
 * The Pages screen beyond a page's title and place: the store's own pages' introductions (their
 * collections' descriptions, escaped paragraphs with safe links on the shop's pages and their
 * words in the meta description) and the navigations' other links (Search, Instagram, another
 * site, an email): added, changed, removed and moved, stored in the seed's shape, refused when the
 * navigation changed since the screen showed it, with the rights of the Pages screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

const PAGES = '/api/admin/pages';
const links = (navigation: string) => `/api/admin/navigation/${navigation}/links`;
const link = (navigation: string, index: number) => `${links(navigation)}/${index}`;

interface Page { id: string; title: string; kind: string; description: string; navigation: string; revision: number }
interface NavLink { title: string; url: string; pageId: string | null }
interface Navigations { main: NavLink[]; footer: NavLink[] }
interface Answer { navigations: Navigations; message: string; moved?: boolean; fieldErrors?: Record<string, string>; page?: Page; currentRevision?: number }

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function listed(): Promise<{ pages: Page[]; navigations: Navigations }> {
  const answer = await owner.get<{ pages: Page[]; navigations: Navigations }>(PAGES);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
const pageNamed = async (title: string) => (await listed()).pages.find((page) => page.title === title)!;
const shopPage = (path: string) => fetch(`${server.url}${path}`).then((response) => response.text());
/** A navigation in the shop's markup: each link's opening tag, in order. */
const navTags = (html: string, className: string) => [...(new RegExp(`<nav class="${className}"[^>]*>([\\s\\S]*?)</nav>`).exec(html)?.[1] ?? '').matchAll(/<a [^>]*>/g)].map((match) => match[0]);
const storedLayout = async () => {
  const row = await server.app.deps.store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'siteLayout'");
  return JSON.parse(row!.value_json) as { layout: Array<{ identifier: string; links: Array<Record<string, unknown>> }> };
};
const storedLinks = async (identifier: string) => (await storedLayout()).layout.find((entry) => entry.identifier === identifier)!.links;

describe('the store\'s own pages\' introductions', () => {
  it('lists each one as typed, the seed\'s words', async () => {
    const { pages } = await listed();
    const byTitle = Object.fromEntries(pages.map((page) => [page.title, page]));
    expect(byTitle.Shop!.description).toBe('Everything in the studio right now.');
    expect(byTitle.Contact!.description).toBe('Questions about an order or a custom piece? Write to us.');
    expect(byTitle.Gallery!.description).toBe('The studio at work.');
    expect(byTitle.Lessons!.description).toBe('Short lessons from the studio: dyeing, glazing, mending.');
    // the home page's introduction is its own field (heroText)
    expect(byTitle.Home!.description).toBe('');
  });

  it('shows the seed\'s words as before, a paragraph each', async () => {
    expect(await shopPage('/shop')).toContain('<header class="collection-header">\n    <h1>Shop</h1>\n    <p>Everything in the studio right now.</p>');
    expect(await shopPage('/contact')).toContain('<p>Questions about an order or a custom piece? Write to us.</p>');
  });

  it('takes new words, shown as escaped paragraphs with safe links, and their words alone as the meta description', async () => {
    const shop = await pageNamed('Shop');
    const saved = await owner.put<Answer>(`${PAGES}/${shop.id}`, {
      title: 'Shop',
      navigation: shop.navigation,
      description: '  Pots & <b>linen</b>\nmade here.\n\nSee [our story](/about) or [this](javascript:alert(1)).  ',
      revisionWhenLoaded: shop.revision,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.page).toMatchObject({ description: 'Pots & <b>linen</b>\nmade here.\n\nSee [our story](/about) or [this](javascript:alert(1)).' });
    const html = await shopPage('/shop');
    expect(html).toContain('<p>Pots &amp; &lt;b&gt;linen&lt;/b&gt;<br>made here.</p><p>See <a href="/about">our story</a> or [this](javascript:alert(1)).</p>');
    expect(html).not.toContain('<b>linen</b>');
    expect(html).toContain('<meta name="description" content="Pots &amp; &lt;b&gt;linen&lt;/b&gt; made here. See our story or [this](javascript:alert(1)).">');
  });

  it('changes the contact page, the gallery and the lessons the same way', async () => {
    for (const [title, path] of [['Contact', '/contact'], ['Gallery', '/gallery'], ['Lessons', '/lessons']] as const) {
      const page = await pageNamed(title);
      const saved = await owner.put<Answer>(`${PAGES}/${page.id}`, { title, navigation: page.navigation, description: `Neu: ${title}\n\nZweiter Absatz.`, revisionWhenLoaded: page.revision });
      expect(saved.status, saved.text).toBe(200);
      expect(await shopPage(path)).toContain(`<p>Neu: ${title}</p><p>Zweiter Absatz.</p>`);
    }
  });

  it('refuses an introduction saved over a newer version, and one too long, writing nothing', async () => {
    const contact = await pageNamed('Contact');
    const stale = await owner.put<Answer>(`${PAGES}/${contact.id}`, { title: 'Contact', navigation: contact.navigation, description: 'Alt.', revisionWhenLoaded: contact.revision - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ADMIN.server.pageChanged);
    const long = await owner.put<Answer>(`${PAGES}/${contact.id}`, { title: 'Contact', navigation: contact.navigation, description: 'x'.repeat(5_001), revisionWhenLoaded: contact.revision });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.description).toBe('Use at most 5,000 characters.');
    expect((await pageNamed('Contact')).description).toBe('Neu: Contact\n\nZweiter Absatz.');
  });
});
