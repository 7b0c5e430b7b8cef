import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import type { QueryRequest, RelatedRequest } from '../../../server/theme/platform-data.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { BLOG, conf, folderOf, renderPage, SITE_REGION } from './folder-fixture.ts';

const NAV = [
  { active: true, collection: { fullUrl: '/journal', navigationTitle: 'Journal' } },
  { active: false, externalLink: { url: 'https://example.com', title: 'Elsewhere' } },
];

describe('composing a page of a template folder', () => {
  it('renders the list template for a collection and the item template for an item, into the region', () => {
    const folder = folderOf({ 'collections/blog.list': 'LIST {.repeated section items}{title};{.end}', 'collections/blog.item': 'ITEM {item.title}' });
    const list = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG, items: [{ title: 'A' }, { title: 'B' }] });
    expect(list.errors).toEqual([]);
    expect(list.html).toBe('<head><!--headers--></head><body id="collection-c1" class="collection-type-blog collection-layout-default collection-c1 view-list mobile-style-available">[LIST A;B;]<!--footers--></body>');
    const item = renderPage(folder, { view: 'item', collection: BLOG }, { collection: BLOG, item: { id: 'i9', title: 'A' } });
    expect(item.html).toBe('<head><!--headers--></head><body id="item-i9" class="collection-type-blog collection-layout-default collection-c1 view-item item-i9 mobile-style-available">[ITEM A]<!--footers--></body>');
  });

  it('falls back to the built-in page when the folder has no template for the collection or system page', () => {
    const folder = folderOf({ 'collections/products.conf': '{}', 'system/404.page': 'NOT HERE' });
    const products = { id: 'c2', urlId: 'shop', typeCode: 13, title: 'Shop' };
    const page = renderPage(folder, { view: 'list', collection: products }, { collection: products }, { builtin: () => ({ html: 'SHOP GRID', errors: [] }) });
    expect(page.choice.typeName).toBe('products');
    expect(page.html).toContain('[SHOP GRID]');
    expect(renderPage(folder, { view: 'system', systemName: '404' }, {}).html).toContain('[NOT HERE]');
    expect(renderPage(folder, { view: 'system', systemName: 'cart' }, {}).html).toContain('[BUILT-IN]');
  });

  it('renders a page collection through pages/URLID.page', () => {
    const folder = folderOf({ 'pages/home.page': 'HOME {collection.title}' });
    const home = { id: 'c0', urlId: 'home', typeCode: 10, title: 'Home' };
    const page = renderPage(folder, { view: 'page', collection: home }, { collection: home });
    expect(page.html).toContain('[HOME Home]');
    expect(page.html).toContain('class="homepage collection-type-page');
  });

  it('wraps a collection in the layout its .conf names with regionName, and others in the default layout', () => {
    const source = new MemoryTemplateSource({
      'template.conf': conf({ layouts: { default: { name: 'Default', regions: ['site'] }, wide: { name: 'Wide', regions: ['header', 'wide', 'footer'] } } }),
      'site.region': SITE_REGION,
      'header.region': '<header/>',
      'wide.region': '<wide>{squarespace.main-content}</wide>',
      'footer.region': '<footer/>',
      'collections/blog.conf': '{"regionName": "wide"}',
      'collections/blog.list': 'POSTS',
      'collections/events.list': 'EVENTS',
    });
    const folder = loadTemplateFolder(source).folder!;
    expect(renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }).html).toBe('<header/><wide>POSTS</wide><footer/>');
    const events = { ...BLOG, typeName: 'events' };
    expect(renderPage(folder, { view: 'list', collection: events }, { collection: events }).html).toContain('[EVENTS]');
  });

  it('expands navigation with its template block or its body, against the site navigation', () => {
    const folder = folderOf({
      'site.region': '<squarespace:navigation navigationId="mainNav" template="nav" />|<squarespace:navigation navigationId="mainNav">{items.1.externalLink.title}</squarespace:navigation>|<squarespace:navigation navigationId="other" template="nav" />',
      'blocks/nav.block': '{.repeated section items}{.section collection}<a href="{fullUrl}"{.if active} class="active"{.end}>{navigationTitle}</a>{.end}{.end}',
    });
    const notices: string[] = [];
    const page = renderPage(folder, { view: 'system', systemName: 'search' }, {}, {
      data: { navigation: (id) => (id === 'mainNav' ? NAV : undefined) },
      tagNotice: (tag, message) => notices.push(`${tag.file}:${tag.line}:${tag.column} ${message}`),
    });
    expect(page.errors).toEqual([]);
    expect(page.html).toBe('<a href="/journal" class="active">Journal</a>|Elsewhere|');
    // the navigation the site lacks renders nothing, and the author can be told where
    expect(notices).toEqual([`site.region:1:167 ${themeMessages.navigationNotInSite('other')}`]);
  });

  it('names the store\'s collection a query\'s mistyped name likely meant, as for a navigation', () => {
    const folder = folderOf({ 'site.region': '<squarespace:query collection="shopp" limit="2">{.repeated section items}{title}{.end}</squarespace:query>' });
    const notices: string[] = [];
    renderPage(folder, { view: 'system', systemName: 'search' }, {}, {
      data: { query: () => null, collectionNames: () => ['shop', 'journal'] },
      tagNotice: (_tag, message) => notices.push(message),
    });
    expect(notices).toEqual([themeMessages.didYouMean(themeMessages.queryCollectionNotInSite('shopp'), 'shop')]);
  });

  it('tells nothing at the render of a query without its collection: the loader\'s error says it, in its words', () => {
    const folder = folderOf({ 'site.region': '<squarespace:query collecton="shop" limit="2">{.repeated section items}{title}{.end}</squarespace:query>' });
    const notices: string[] = [];
    renderPage(folder, { view: 'system', systemName: 'search' }, {}, {
      data: { query: () => null, collectionNames: () => ['shop'] },
      tagNotice: (_tag, message) => notices.push(message),
    });
    expect(notices).toEqual([]);
  });

  it('expands folder navigation only when the page is in a folder', () => {
    const folder = folderOf({ 'site.region': '<squarespace:folder-navigation template="sub" />', 'blocks/sub.block': '{folder.title}:{.repeated section items}{collection.navigationTitle}{.end}' });
    const inFolder = { folderNavigation: () => ({ folder: { title: 'About' }, items: [{ collection: { navigationTitle: 'Team' } }] }) };
    expect(renderPage(folder, { view: 'system', systemName: 'x' }, {}, { data: inFolder }).html).toBe('About:Team');
    expect(renderPage(folder, { view: 'system', systemName: 'x' }, {}).html).toBe('');
  });

  it('runs a query against the site with attributes read in the tag\'s scope, rendering the body once with items', () => {
    const asked: QueryRequest[] = [];
    const folder = folderOf({
      'collections/blog.list': '{.section collection}<squarespace:query collection="{urlId}" limit="2" featured category="Dye" tag="blue">{collection.title}:{.repeated section items}{title}{.end}</squarespace:query>{.end}',
    });
    const page = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }, {
      data: { query: (request) => (asked.push(request), { collection: { title: 'Queried' }, items: [{ title: 'x' }, { title: 'y' }] }) },
    });
    expect(asked).toEqual([{ collection: 'journal', limit: 2, skip: 0, featured: true, categories: ['Dye'], tags: ['blue'] }]);
    expect(page.html).toContain('[Queried:xy]');
  });

  it('asks a query for at most 100 items and a skip of at most 10, with comma-delimited categories and tags', () => {
    const asked: QueryRequest[] = [];
    const folder = folderOf({
      'collections/blog.list': '<squarespace:query collection="shop" limit="500" skip="25" category="Dye, Linen" tag="blue,,gift ">a</squarespace:query>'
        + '<squarespace:query collection="shop" skip="3">b</squarespace:query>'
        + '<squarespace:query collection="shop" limit="many" skip="two">c</squarespace:query>',
    });
    renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }, {
      data: { query: (request) => (asked.push(request), { collection: {}, items: [] }) },
    });
    expect(asked).toEqual([
      { collection: 'shop', limit: 100, skip: 10, featured: false, categories: ['Dye', 'Linen'], tags: ['blue', 'gift'] },
      { collection: 'shop', limit: 100, skip: 3, featured: false, categories: [], tags: [] },
      // a value that is no number is read as unwritten, as limit always was
      { collection: 'shop', limit: 100, skip: 0, featured: false, categories: [], tags: [] },
    ]);
  });

  it('asks for at most 100 related items, with or without a limit', () => {
    const asked: RelatedRequest[] = [];
    const folder = folderOf({
      'collections/blog.list': '<squarespace:related collectionId="c1" itemId="i1">a</squarespace:related>'
        + '<squarespace:related collectionId="c1" itemId="i1" limit="500">b</squarespace:related>'
        + '<squarespace:related collectionId="c1" itemId="i1" limit="4">c</squarespace:related>',
    });
    renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }, {
      data: { related: (request) => (asked.push(request), []) },
    });
    expect(asked.map((request) => request.limit)).toEqual([100, 100, 4]);
  });

  it('runs the first eight queries of a page, main content first, and renders nothing for the rest, telling the author', () => {
    const query = (name: string): string => `<squarespace:query collection="${name}">{collection.title}</squarespace:query>`;
    const folder = folderOf({
      'site.region': `${query('r1')}${query('r2')}${query('r3')}|{squarespace.main-content}`,
      'collections/blog.list': ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'].map(query).join(''),
    });
    const asked: string[] = [];
    const notices: string[] = [];
    const page = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }, {
      data: { query: (request) => (asked.push(request.collection), { collection: { title: request.collection.toUpperCase() }, items: [] }) },
      tagNotice: (tag, message) => notices.push(`${tag.file}:${tag.line}:${tag.column} ${message}`),
    });
    expect(asked).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'r1']);
    expect(page.html).toBe('R1|M1M2M3M4M5M6M7');
    const past = themeMessages.queryPastPageLimit(8);
    expect(notices).toEqual([`site.region:1:74 ${past}`, `site.region:1:147 ${past}`]);
    // every page composes afresh: the next one runs its own eight
    expect(renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }, {
      data: { query: (request) => ({ collection: { title: request.collection }, items: [] }) },
    }).html).toBe('r1|m1m2m3m4m5m6m7');
  });

  it('renders a block field as its stored blocks, or as the platform\'s empty wrapper', () => {
    const folder = folderOf({ 'site.region': '<squarespace:block-field id="footer-{collection.id}" columns="6" label="Footer" class="x" />' });
    const empty = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG });
    expect(empty.html).toBe('<div class="sqs-layout sqs-grid-6 columns-6 empty x" data-layout-label="Footer" data-type="block-field" id="footer-c1"><div class="row sqs-row"><div class="col sqs-col-6 span-6"></div></div></div>');
    const stored = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG }, {
      data: { blockField: (id) => (id === 'footer-c1' ? [{ id: 'b1', type: 'html', content: '<b>hi</b>' }, { id: 'b2', type: 'text', content: 'a<b' }] : []) },
    });
    expect(stored.html).toContain('class="sqs-layout sqs-grid-6 columns-6 x"');
    expect(stored.html).toContain('<div class="sqs-block-content"><b>hi</b></div>');
    expect(stored.html).toContain('<div class="sqs-block-content"><p>a&lt;b</p></div>');
  });

  it('writes scripts as URLs of the folder\'s scripts, and fills headers, footers and the cart classes', () => {
    const folder = folderOf({ 'site.region': '{squarespace-headers}<squarespace:script src="site.js" combo="{.if authenticatedAccount}false{.or}true{.end}" />{squarespace.cart-classes}{squarespace-footers}' });
    const page = renderPage(folder, { view: 'system', systemName: 'cart' }, { cart: { totalQuantity: 2 } }, { headers: '<H>', footers: '<F>' });
    expect(page.html).toBe('<H><script src="/scripts/combo/?site.js"></script>sqs-custom-cart<F>');
    const signedIn = renderPage(folder, { view: 'system', systemName: 'cart' }, { authenticatedAccount: { id: 'a' } }, { headers: '', footers: '' });
    expect(signedIn.html).toBe('<script src="/scripts/site.js"></script>sqs-custom-cart sqs-cart-empty');
  });

  it('loads a run of combo scripts as one request, in order, and scripts without combo one by one', () => {
    const folder = folderOf({
      'site.region': '<squarespace:script src="a.js" combo="true" />\n  <squarespace:script src="lib/b.js" combo="true" />\n\n'
        + '<squarespace:script src="c.js" /><squarespace:script src="d e.js" combo="true" />'
        + '<hr><squarespace:script src="f.js" combo="true" />',
    });
    const page = renderPage(folder, { view: 'system', systemName: 'cart' }, {});
    expect(page.errors).toEqual([]);
    // White space between the tags stays where it was; markup between them starts a new run.
    expect(page.html).toBe('<script src="/scripts/combo/?a.js&amp;lib/b.js"></script><script src="/scripts/c.js"></script>'
      + '<script src="/scripts/combo/?d%20e.js"></script>\n  \n\n<hr><script src="/scripts/combo/?f.js"></script>');
  });

  it('names the missing block and the file that applied it', () => {
    const folder = folderOf({ 'collections/blog.list': 'a\n{@|apply missing.block}' });
    const page = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG });
    expect(page.errors).toEqual([{ message: messages.partialMissing('missing.block'), name: 'collections/blog.list', line: 2, column: 1 }]);
  });

  it('gives platform blocks to folders that do not ship them', () => {
    const folder = folderOf({ 'site.region': '{.section website}{@|apply sqs-social-links}{.end}' });
    const page = renderPage(folder, { view: 'system', systemName: 'x' }, { website: { socialAccounts: [{ profileUrl: 'https://social.example/me', serviceName: 'instagram' }] } });
    expect(page.errors).toEqual([]);
    expect(page.html).toContain('href="https://social.example/me"');
  });
});
