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

describe('the navigations\' other links', () => {
  it('adds a link to another site or an email last, shown with rel="noopener" and stored in the seed\'s shape', async () => {
    const added = await owner.post<Answer>(links('main'), { title: 'Journal', address: ' https://journal.example.com/linen ' });
    expect(added.status, added.text).toBe(201);
    expect(added.body.message).toBe('Journal added to the main navigation.');
    expect(added.body.navigations.main.at(-1)).toEqual({ title: 'Journal', url: 'https://journal.example.com/linen', pageId: null });
    const mail = await owner.post<Answer>(links('footer'), { title: 'Write to us', address: 'mailto:studio@example.com?subject=Hello' });
    expect(mail.status, mail.text).toBe(201);
    expect((await storedLinks('mainNav')).at(-1)).toEqual({
      collectionId: null, title: 'Journal', url: 'https://journal.example.com/linen', children: [], externalLink: 'https://journal.example.com/linen', memberAreaId: null,
    });
    const html = await shopPage('/');
    expect(navTags(html, 'main-nav').at(-1)).toBe('<a href="https://journal.example.com/linen" rel="noopener">');
    expect(navTags(html, 'footer-nav').at(-1)).toBe('<a href="mailto:studio@example.com?subject=Hello" rel="noopener">');
  });

  it('refuses an address that is not another site, an email or one of the shop\'s, and an empty label, under their fields', async () => {
    const before = JSON.stringify(await storedLayout());
    for (const address of ['javascript:alert(1)', 'ftp://files.example.com', 'instagram.com/linenandloam', '//evil.example.com', 'mailto:nobody', 'https://', 'https://ex ample.com', '']) {
      const refused = await owner.post<Answer>(links('footer'), { title: 'X', address });
      expect(refused.status, address).toBe(400);
      expect(refused.body.fieldErrors?.address, address).toBe(ADMIN.server.linkAddressNotValid);
    }
    const untitled = await owner.post<Answer>(links('footer'), { title: '  ', address: 'https://example.com' });
    expect(untitled.body.fieldErrors?.title).toBe(ADMIN.server.required);
    expect((await owner.post<Answer>('/api/admin/navigation/side/links', { title: 'X', address: 'https://example.com' })).status).toBe(400);
    expect(JSON.stringify(await storedLayout())).toBe(before);
  });

  it('changes the seed\'s Instagram link\'s label and address, and its Search link\'s label', async () => {
    const { navigations } = await listed();
    const index = navigations.footer.findIndex((shown) => shown.title === 'Instagram');
    const changed = await owner.put<Answer>(link('footer', index), {
      title: 'Instagram (studio)', address: 'https://www.instagram.com/linen.loam', was: navigations.footer[index],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.message).toBe(ADMIN.server.linkSaved);
    expect((await storedLinks('footerNav'))[index]).toEqual({
      collectionId: null, title: 'Instagram (studio)', url: 'https://www.instagram.com/linen.loam', children: [], externalLink: 'https://www.instagram.com/linen.loam', memberAreaId: null,
    });
    const search = await owner.put<Answer>(link('footer', 0), { title: 'Suche', address: '/search', was: navigations.footer[0] });
    expect(search.status, search.text).toBe(200);
    expect((await storedLinks('footerNav'))[0]).toMatchObject({ title: 'Suche', url: '/search', externalLink: null });
    const html = await shopPage('/');
    expect(navTags(html, 'footer-nav').slice(0, 2)).toEqual(['<a href="/search">', '<a href="https://www.instagram.com/linen.loam" rel="noopener">']);
  });

  it('moves a link up or down past pages, and says when it is at an end', async () => {
    const { navigations } = await listed();
    const index = navigations.main.length - 1;
    const up = await owner.post<Answer>(`${link('main', index)}/move`, { to: 'up', was: navigations.main[index] });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ moved: true, message: `Journal moved to ${index} of ${index + 1} in the main navigation.` });
    expect(up.body.navigations.main[index - 1]!.title).toBe('Journal');
    const last = navigations.footer.length - 1;
    const atEnd = await owner.post<Answer>(`${link('footer', last)}/move`, { to: 'down', was: (await listed()).navigations.footer[last] });
    expect(atEnd.body).toMatchObject({ moved: false, message: 'Write to us is last in the footer navigation already: nothing was moved.' });
  });

  it('refuses a change to a link no longer where the screen showed it, or a page\'s, writing nothing', async () => {
    const before = JSON.stringify(await storedLayout());
    const stale = await owner.put<Answer>(link('footer', 1), { title: 'X', address: 'https://example.com', was: { title: 'Instagram', url: 'https://www.instagram.com/linenandloam' } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(fillIn(ADMIN.server.linkChanged, 'footer navigation'));
    expect(stale.body.navigations.footer[1]!.title).toBe('Instagram (studio)');
    const gone = await owner.request<Answer>('DELETE', link('footer', 40), { was: { title: 'Suche', url: '/search' } });
    expect(gone.status).toBe(409);
    const { navigations } = await listed();
    const page = await owner.put<Answer>(link('main', 0), { title: 'Start', address: '/', was: navigations.main[0] });
    expect(page.status).toBe(409);
    expect(page.body.message).toBe(ADMIN.server.linkIsPage);
    expect(JSON.stringify(await storedLayout())).toBe(before);
  });

  it('refuses a malformed change, move or removal with 400, writing nothing', async () => {
    const before = JSON.stringify(await storedLayout());
    const { navigations } = await listed();
    const was = navigations.footer[0];
    const refusals = [
      await owner.put(link('footer', 0).replace(/\/0$/, '/first'), { title: 'X', address: '/search', was }),
      await owner.put(link('footer', 0).replace(/\/0$/, '/-1'), { title: 'X', address: '/search', was }),
      await owner.put(link('footer', 0), { title: 'X', address: '/search' }),
      await owner.put(link('footer', 0), { title: ['X'], address: '/search', was }),
      await owner.post(`${link('footer', 0)}/move`, { to: 'sideways', was }),
      await owner.post(`${link('footer', 0)}/move`, { was }),
      await owner.request('DELETE', link('footer', 0), {}),
      await owner.request('DELETE', link('side', 0), { was }),
    ];
    expect(refusals.map((refused) => refused.status)).toEqual(refusals.map(() => 400));
    expect(JSON.stringify(await storedLayout())).toBe(before);
  });

  it('removes a link from the navigation and the shop', async () => {
    const { navigations } = await listed();
    const index = navigations.footer.findIndex((shown) => shown.title === 'Write to us');
    const removed = await owner.request<Answer>('DELETE', link('footer', index), { was: navigations.footer[index] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe('Write to us removed from the footer navigation.');
    expect(removed.body.navigations.footer.some((shown) => shown.title === 'Write to us')).toBe(false);
    expect(await shopPage('/')).not.toContain('mailto:studio@example.com');
  });

  it('are changed with store.manage alone', async () => {
    const shopper = await server.signInShopper();
    expect((await shopper.post(links('main'), { title: 'X', address: 'https://example.com' })).status).toBe(403);
    const added = await owner.post<{ password: string }>('/api/admin/staff', { email: 'links-editor@example.com', role: 'editor' });
    expect(added.status, added.text).toBe(201);
    const editor = await new SiteUserVisitor(server.url).signIn('links-editor@example.com', added.body.password);
    const { navigations } = await listed();
    expect((await editor.post(links('main'), { title: 'X', address: 'https://example.com' })).status).toBe(403);
    expect((await editor.put(link('footer', 0), { title: 'X', address: '/search', was: navigations.footer[0] })).status).toBe(403);
    expect((await editor.post(`${link('footer', 0)}/move`, { to: 'down', was: navigations.footer[0] })).status).toBe(403);
    expect((await editor.request('DELETE', link('footer', 0), { was: navigations.footer[0] })).status).toBe(403);
  });
});

function fillIn(message: string, navigation: string): string {
  return message.replace('{navigation}', navigation);
}
