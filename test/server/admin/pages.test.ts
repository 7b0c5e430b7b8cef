/**
 * The Pages screen's calls: the site's pages by title and address, a plain page's title, address
 * and text, the home page's heading and introduction, new pages served at their address through
 * the theme's page template, their place in the main and footer navigations, their deletion, and
 * the refusals: bad input (400 under its field, nothing written), a save over a newer version
 * (409), the store's own pages kept, and the rights of the Settings screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { RESERVED_PAGE_ADDRESSES } from '../../../server/admin/page-address.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { routeTable } from '../hardening/route-table.ts';

const PAGES = '/api/admin/pages';
const pageUrl = (id: string) => `${PAGES}/${encodeURIComponent(id)}`;

interface Page {
  id: string; title: string; urlId: string; address: string; kind: 'plain' | 'home' | 'store'; typeName: string;
  text: string; heroTitle: string; heroText: string; navigation: 'main' | 'footer' | 'both' | 'none'; revision: number; deletable: boolean;
}
interface NavLink { title: string; url: string; pageId: string | null }
interface Listed { pages: Page[]; navigations: { main: NavLink[]; footer: NavLink[] } }
interface Saved { page: Page; navigations: Listed['navigations']; message: string; fieldErrors?: Record<string, string>; currentRevision?: number }

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function listed(): Promise<Listed> {
  const answer = await owner.get<Listed>(PAGES);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
const pageNamed = async (title: string) => (await listed()).pages.find((page) => page.title === title)!;
const shopPage = async (path: string) => fetch(`${server.url}${path}`).then(async (response) => ({ status: response.status, html: await response.text() }));
/** The page's navigation in the shop's markup: its links' addresses in order. */
const navLinks = (html: string, className: string) => [...(new RegExp(`<nav class="${className}"[^>]*>([\\s\\S]*?)</nav>`).exec(html)?.[1] ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
/** What the refused calls may have written. */
const snapshot = () => Promise.all([
  server.app.deps.store.all('SELECT * FROM collections ORDER BY rowid'),
  server.app.deps.store.all("SELECT * FROM site_settings WHERE key = 'siteLayout'"),
]).then((rows) => JSON.stringify(rows));

describe('the list', () => {
  it('lists every collection by title and address, each with its kind and place in the navigations', async () => {
    const { pages, navigations } = await listed();
    const byTitle = Object.fromEntries(pages.map((page) => [page.title, page]));
    expect(byTitle.Home).toMatchObject({ address: '/', kind: 'home', heroTitle: 'Made slowly, meant to last', navigation: 'main', deletable: false });
    expect(byTitle.Shop).toMatchObject({ address: '/shop', kind: 'store', typeName: 'products', navigation: 'main', deletable: false });
    expect(byTitle.Contact).toMatchObject({ address: '/contact', kind: 'store', navigation: 'main', deletable: false });
    expect(byTitle.Lessons).toMatchObject({ address: '/lessons', kind: 'store', navigation: 'main' });
    expect(byTitle.Gallery).toMatchObject({ address: '/gallery', typeName: 'gallery' });
    expect(navigations.main.map((link) => link.title)).toEqual(['Home', 'Shop', 'Lessons', 'Gallery', 'Contact']);
    expect(navigations.footer.map((link) => [link.title, link.pageId])).toEqual([['Search', null], ['Instagram', null]]);
  });
});

describe('the home page', () => {
  it('takes a new heading and introduction, escaped on the next request', async () => {
    const home = await pageNamed('Home');
    const saved = await owner.put<Saved>(pageUrl(home.id), {
      title: 'Home', heroTitle: 'Keramik aus Berlin', heroText: 'Tassen & Schalen <handgemacht>', navigation: 'main', revisionWhenLoaded: home.revision,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.page).toMatchObject({ heroTitle: 'Keramik aus Berlin', heroText: 'Tassen & Schalen <handgemacht>' });
    expect(saved.body.page.revision).toBeGreaterThan(home.revision);
    const { html } = await shopPage('/');
    expect(html).toContain('<h1 class="hero-title">Keramik aus Berlin</h1>');
    expect(html).toContain('Tassen &amp; Schalen &lt;handgemacht&gt;');
    expect(html).not.toContain('Made slowly, meant to last');
  });
});

describe('a new page', () => {
  it('is served at its address through the theme, its text escaped paragraphs with safe links, and put in the footer', async () => {
    const added = await owner.post<Saved>(PAGES, {
      title: 'Impressum',
      urlId: '/Impressum',
      text: 'Keramik Studio <GmbH> & Co\nMusterstraße 1\n\n[Kontakt](/contact) oder [nicht](javascript:alert(1))',
      navigation: 'footer',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.page).toMatchObject({ title: 'Impressum', urlId: 'impressum', address: '/impressum', kind: 'plain', navigation: 'footer', deletable: true, revision: 0 });
    expect(added.body.message).toBe('Impressum added: the shop shows it at /impressum.');
    expect(added.body.navigations.footer.map((link) => link.url)).toEqual(['/search', 'https://www.instagram.com/linenandloam', '/impressum']);

    const page = await shopPage('/impressum');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Impressum</h1>');
    expect(page.html).toContain('<p>Keramik Studio &lt;GmbH&gt; &amp; Co<br>Musterstraße 1</p><p><a href="/contact">Kontakt</a> oder [nicht](javascript:alert(1))</p>');
    expect(page.html).not.toContain('<GmbH>');
    expect(page.html).toContain('<title>Impressum');
    // in the footer of every page, not the main navigation
    const home = await shopPage('/');
    expect(navLinks(home.html, 'footer-nav')).toContain('/impressum');
    expect(navLinks(home.html, 'main-nav')).not.toContain('/impressum');
  });

  it('takes a new title, address and text; its links follow, and the old address is gone', async () => {
    const impressum = await pageNamed('Impressum');
    const saved = await owner.put<Saved>(pageUrl(impressum.id), {
      title: 'Impressum & Kontakt', urlId: 'impressum-kontakt', text: 'Neu.', navigation: 'both', revisionWhenLoaded: impressum.revision,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.page).toMatchObject({ urlId: 'impressum-kontakt', text: 'Neu.', navigation: 'both' });
    expect((await shopPage('/impressum')).status).toBe(404);
    const page = await shopPage('/impressum-kontakt');
    expect(page.html).toContain('<h1>Impressum &amp; Kontakt</h1>');
    expect(page.html).toContain('<p>Neu.</p>');
    expect(navLinks(page.html, 'main-nav')).toContain('/impressum-kontakt');
    expect(saved.body.navigations.footer.find((link) => link.pageId === impressum.id)).toEqual({ title: 'Impressum & Kontakt', url: '/impressum-kontakt', pageId: impressum.id });
  });
});

describe('the navigations', () => {
  it('leave out the demo\'s pages the owner takes out, and keep the rest in order', async () => {
    for (const title of ['Lessons', 'Gallery', 'Contact']) {
      const page = await pageNamed(title);
      const saved = await owner.put<Saved>(pageUrl(page.id), { title, navigation: 'none', revisionWhenLoaded: page.revision });
      expect(saved.status, saved.text).toBe(200);
    }
    const { navigations } = await listed();
    expect(navigations.main.map((link) => link.title)).toEqual(['Home', 'Shop', 'Impressum & Kontakt']);
    const { html } = await shopPage('/shop');
    expect(navLinks(html, 'main-nav')).toEqual(['/', '/shop', '/impressum-kontakt']);
    // the contact page is still served, at its own address
    expect((await shopPage('/contact')).status).toBe(200);
  });

  it('move a page up or down one place, and say when it is at an end or not there', async () => {
    const page = await pageNamed('Impressum & Kontakt');
    const up = await owner.post<{ moved: boolean; message: string; navigations: Listed['navigations'] }>(`${pageUrl(page.id)}/move`, { navigation: 'footer', to: 'up' });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ moved: true, message: 'Impressum & Kontakt moved to 2 of 3 in the footer navigation.' });
    expect(up.body.navigations.footer.map((link) => link.title)).toEqual(['Search', 'Impressum & Kontakt', 'Instagram']);
    const { html } = await shopPage('/');
    expect(navLinks(html, 'footer-nav')).toEqual(['/search', '/impressum-kontakt', 'https://www.instagram.com/linenandloam']);
    await owner.post(`${pageUrl(page.id)}/move`, { navigation: 'footer', to: 'up' });
    const atTop = await owner.post<{ moved: boolean; message: string }>(`${pageUrl(page.id)}/move`, { navigation: 'footer', to: 'up' });
    expect(atTop.body).toMatchObject({ moved: false, message: 'Impressum & Kontakt is first in the footer navigation already: nothing was moved.' });
    const gallery = await pageNamed('Gallery');
    const absent = await owner.post<{ message: string }>(`${pageUrl(gallery.id)}/move`, { navigation: 'main', to: 'down' });
    expect(absent.status).toBe(409);
    expect(absent.body.message).toContain('is not in the main navigation');
    const bad = await owner.post<{ fieldErrors: Record<string, string> }>(`${pageUrl(page.id)}/move`, { navigation: 'main', to: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.to).toBe(ADMIN.server.pageMoveTo);
  });
});

describe('two people editing one page', () => {
  it('refuses a save made against an older version, writing nothing; a save that changes nothing moves no revision', async () => {
    const page = await pageNamed('Impressum & Kontakt');
    const first = await owner.put<Saved>(pageUrl(page.id), { title: page.title, urlId: page.urlId, text: 'Erste Fassung.', navigation: page.navigation, revisionWhenLoaded: page.revision });
    expect(first.status, first.text).toBe(200);
    const before = await snapshot();
    const second = await owner.put<Saved>(pageUrl(page.id), { title: page.title, urlId: page.urlId, text: 'Zweite Fassung.', navigation: page.navigation, revisionWhenLoaded: page.revision });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ADMIN.server.pageChanged);
    expect(second.body.currentRevision).toBe(first.body.page.revision);
    expect(await snapshot()).toBe(before);
    const same = await owner.put<Saved>(pageUrl(page.id), { title: page.title, urlId: page.urlId, text: 'Erste Fassung.', navigation: page.navigation, revisionWhenLoaded: first.body.page.revision });
    expect(same.status).toBe(200);
    expect(same.body.page.revision).toBe(first.body.page.revision);
    expect(await snapshot()).toBe(before);
  });
});

describe('bad input', () => {
  it('is refused under its field with the catalogue\'s words, nothing written', async () => {
    const page = await pageNamed('Impressum & Kontakt');
    const home = await pageNamed('Home');
    expect((await owner.post(PAGES, { title: 'Widerrufsbelehrung', urlId: 'widerruf', navigation: 'footer' })).status).toBe(201);
    const before = await snapshot();
    const valid = { title: 'Über uns', urlId: 'ueber-uns', text: 'Hallo.', navigation: 'none' };
    for (const [body, field, message] of [
      [{ ...valid, urlId: 'shop' }, 'urlId', ADMIN.server.pageAddressReserved],
      [{ ...valid, urlId: '/config' }, 'urlId', ADMIN.server.pageAddressReserved],
      [{ ...valid, urlId: 'api' }, 'urlId', ADMIN.server.pageAddressReserved],
      [{ ...valid, urlId: 'home' }, 'urlId', ADMIN.server.pageAddressReserved],
      [{ ...valid, urlId: 'über uns' }, 'urlId', ADMIN.server.pageAddressNotValid],
      [{ ...valid, urlId: '../etc' }, 'urlId', ADMIN.server.pageAddressNotValid],
      [{ ...valid, urlId: 'a--b' }, 'urlId', ADMIN.server.pageAddressNotValid],
      [{ ...valid, urlId: '' }, 'urlId', ADMIN.server.required],
      [{ ...valid, urlId: 'impressum-kontakt' }, 'urlId', ADMIN.server.pageAddressTaken],
      [{ ...valid, title: '   ' }, 'title', ADMIN.server.required],
      [{ ...valid, title: 'Zwei\nZeilen' }, 'title', ADMIN.server.oneLine],
      [{ ...valid, title: 7 }, 'title', undefined],
      [{ ...valid, text: 'x'.repeat(50_001) }, 'text', undefined],
      [{ ...valid, text: 'a\u0000b' }, 'text', ADMIN.server.controlCharacter],
      [{ ...valid, navigation: 'sidebar' }, 'navigation', undefined],
    ] as const) {
      const answer = await owner.post<{ fieldErrors?: Record<string, string> }>(PAGES, body);
      expect(answer.status, `${JSON.stringify(body).slice(0, 80)} ${answer.text}`).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), answer.text).toEqual([field]);
      if (message !== undefined) expect(answer.body.fieldErrors![field]).toBe(message);
    }
    // an edit: an address another page has, a heading of two lines
    const taken = await owner.put<{ fieldErrors?: Record<string, string> }>(pageUrl(page.id), { title: page.title, urlId: 'widerruf', navigation: 'none' });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors?.urlId).toBe(ADMIN.server.pageAddressTaken);
    const reserved = await owner.put<{ fieldErrors?: Record<string, string> }>(pageUrl(page.id), { title: page.title, urlId: 'checkout', navigation: 'none' });
    expect(reserved.body.fieldErrors?.urlId).toBe(ADMIN.server.pageAddressReserved);
    const twoLines = await owner.put<{ fieldErrors?: Record<string, string> }>(pageUrl(home.id), { title: 'Home', heroTitle: 'a\nb', navigation: 'main' });
    expect(twoLines.body.fieldErrors?.heroTitle).toBe(ADMIN.server.oneLine);
    expect((await owner.put(pageUrl(page.id), 'not an object')).status).toBe(400);
    expect((await owner.put(pageUrl('no good!'), valid)).status).toBe(400);
    expect((await owner.put(pageUrl('0000000000000000deadbeef'), { ...valid, navigation: 'none' })).status).toBe(404);
    expect((await owner.post(`${pageUrl('0000000000000000deadbeef')}/move`, { navigation: 'main', to: 'up' })).status).toBe(404);
    expect((await owner.delete(pageUrl('0000000000000000deadbeef'))).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('leaves the address of the store\'s own pages as it is', async () => {
    const shop = await pageNamed('Shop');
    const saved = await owner.put<Saved>(pageUrl(shop.id), { title: 'Laden', urlId: 'laden', navigation: 'main' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.page).toMatchObject({ title: 'Laden', urlId: 'shop', address: '/shop' });
    expect(saved.body.navigations.main.find((link) => link.pageId === shop.id)).toMatchObject({ title: 'Laden', url: '/shop' });
    expect(navLinks((await shopPage('/')).html, 'main-nav')).toContain('/shop');
  });

  it('keeps the address a plain page has, though the store\'s routes answer it now (data from before)', async () => {
    await server.app.deps.store.run("INSERT INTO collections (id, url_id, title, type_code, data_json) VALUES ('0000000000000000000000aa', 'account', 'Konto', 10, '{}')");
    const kept = await owner.put<Saved>(pageUrl('0000000000000000000000aa'), { title: 'Ihr Konto', urlId: 'account', text: '', navigation: 'none' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.page).toMatchObject({ title: 'Ihr Konto', urlId: 'account' });
    expect((await owner.delete(pageUrl('0000000000000000000000aa'))).status).toBe(200);
  });

  it('reserves the first segment of every route of the store', () => {
    const segments = new Set(routeTable(server.app).map((route) => route.path.split('/')[1] ?? '').filter((segment) => segment !== '' && !segment.startsWith(':') && !segment.startsWith('*')));
    expect([...segments].filter((segment) => !RESERVED_PAGE_ADDRESSES.has(segment))).toEqual([]);
  });
});

describe('deleting a page', () => {
  it('keeps the store\'s own pages and refuses a delete over a newer version', async () => {
    for (const title of ['Home', 'Laden', 'Contact', 'Lessons', 'Gallery']) {
      const page = await pageNamed(title);
      const refused = await owner.delete<{ message: string }>(pageUrl(page.id));
      expect(refused.status, title).toBe(409);
      expect(refused.body.message).toBe(ADMIN.server.pageNotDeletable);
    }
    const page = await pageNamed('Impressum & Kontakt');
    const stale = await owner.request<{ message: string }>('DELETE', pageUrl(page.id), { revisionWhenLoaded: page.revision - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ADMIN.server.pageChangedNoDelete);
  });

  it('removes the page and its links; its address is then a 404', async () => {
    const page = await pageNamed('Impressum & Kontakt');
    const deleted = await owner.request<{ deleted: boolean; message: string; navigations: Listed['navigations'] }>('DELETE', pageUrl(page.id), { revisionWhenLoaded: page.revision });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.message).toBe('Impressum & Kontakt deleted.');
    expect([...deleted.body.navigations.main, ...deleted.body.navigations.footer].some((link) => link.pageId === page.id)).toBe(false);
    expect((await listed()).pages.some((listedPage) => listedPage.id === page.id)).toBe(false);
    expect((await shopPage('/impressum-kontakt')).status).toBe(404);
    const home = await shopPage('/');
    expect(navLinks(home.html, 'footer-nav')).not.toContain('/impressum-kontakt');
  });
});

describe('rights', () => {
  it('reads with settings.read and writes with store.manage, as the settings', async () => {
    expect((await fetch(`${server.url}${PAGES}`)).status).toBe(401);
    const shopper = await server.signInShopper();
    expect((await shopper.get(PAGES)).status).toBe(403);
    const added = await owner.post<{ password: string }>('/api/admin/staff', { email: 'pages-editor@example.com', role: 'editor' });
    expect(added.status, added.text).toBe(201);
    const editor = await new SiteUserVisitor(server.url).signIn('pages-editor@example.com', added.body.password);
    expect((await editor.get(PAGES)).status).toBe(200);
    const home = await pageNamed('Home');
    expect((await editor.post(PAGES, { title: 'AGB', urlId: 'agb', text: '', navigation: 'none' })).status).toBe(403);
    expect((await editor.put(pageUrl(home.id), { title: 'Home', navigation: 'main' })).status).toBe(403);
    expect((await editor.post(`${pageUrl(home.id)}/move`, { navigation: 'main', to: 'down' })).status).toBe(403);
    expect((await editor.delete(pageUrl(home.id))).status).toBe(403);
    expect((await owner.post(PAGES, { title: 'AGB', urlId: 'agb', text: '', navigation: 'none' }, { withoutCrumb: true })).status).toBe(403);
  });
});
