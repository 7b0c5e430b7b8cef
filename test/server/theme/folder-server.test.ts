import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Request } from 'express';
import { readJsonText } from '../../../engine/cli/inputs.ts';
import { cliMessages } from '../../../engine/cli/messages.ts';
import { messages } from '../../../engine/messages.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { OVERLAY_ID, overlayText } from '../../../server/dev/error-overlay.ts';
import { PAGE_TYPE } from '../../../server/pages/page-renderer.ts';
import { createBuiltinPages } from '../../../server/theme/builtin-pages.ts';
import { checkTemplateFolder } from '../../../server/theme/folder-check.ts';
import { createFolderPages } from '../../../server/theme/folder-pages.ts';
import { LOCALIZED_STRINGS } from '../../../server/theme/localized-strings.ts';
import { serverMessages } from '../../../server/messages.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { BLOCK_FIELDS_SETTING } from '../../../server/theme/store-platform-data.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { Visitor } from '../helpers/visitor.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

/** Text as the overlay writes it into its markup. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const writeFolder = (files: Record<string, string>): string => writeTemplateFolder('template-folder-', files);

describe('the server with TEMPLATE_DIR set to a developer template', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'primary' }, { name: 'secondary' }] }),
      'site.region': '<html><head>{squarespace-headers}</head><body id="{squarespace.page-id}">'
        + '<nav><squarespace:navigation navigationId="primary" template="nav" /></nav>'
        + '<main>{squarespace.main-content}</main>'
        + '<squarespace:block-field id="footerBlocks" columns="12" />{squarespace-footers}</body></html>',
      'blocks/nav.block': '{.repeated section items}{.section collection}<a href="{fullUrl}"{.if active} class="active"{.end}>{navigationTitle}</a>{.end}{.end}',
      'collections/products.list': '<h1>{collection.title}</h1><squarespace:query collection="shop" limit="2">{.repeated section items}<i>{title}</i>{.end}</squarespace:query>',
      'assets/logo.txt': 'logo',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('composes a collection list with the site navigation, a query against the store and the platform headers and footers', async () => {
    const response = await fetch(`${server.url}/shop`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<a href="/shop" class="active">Shop</a>');
    expect(html).toContain('<a href="/">Home</a>');
    expect(html.match(/<i>/g)).toHaveLength(2);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/shop">');
    expect(html).toContain('<meta property="og:title" content="Shop">');
    expect(html).toMatch(/<meta name="crumb" content="[^"]+">/);
    expect(html).toContain('data-island="CartPill"');
    expect(html).toContain('class="sqs-layout sqs-grid-12 columns-12 empty"');
  });

  it('gives each visitor their own crumb in the headers of a page kept once composed', async () => {
    const first = await new Visitor(server.url).start();
    const second = await new Visitor(server.url).start();
    expect(first.crumb).not.toBe(second.crumb);
    // the later views are kept pages: each still names its own visitor's crumb
    for (const [visitor, stranger] of [[first, second], [second, first], [first, second], [second, first]] as const) {
      const { status, text } = await visitor.request('GET', '/shop');
      expect(status).toBe(200);
      expect(text).toContain(`<meta name="crumb" content="${visitor.crumb}">`);
      expect(text).not.toContain(stranger.crumb);
    }
  });

  it('renders the built-in cart inside the folder region, islands included', async () => {
    const html = await (await fetch(`${server.url}/cart`)).text();
    // The built-in page is the content of the folder's own <main>, not a second main landmark.
    expect(html).toMatch(/<main>\s*<div class="cart-page" data-builtin-page>/);
    // the theme's stylesheet is not loaded in the folder's layout: it comes with the page, scoped to it
    expect(html).toMatch(/<div class="cart-page" data-builtin-page><style>\[data-builtin-page\]\{--ink: /);
    expect(html).toContain('[data-builtin-page] .has-variant-price > .product-price:not(.product-price--variant){display: none;}');
    expect(html).toContain('[data-builtin-page] :where(img,video,iframe){max-width:100%;height:auto}');
    expect(html).toContain('data-island="CartPage"');
    expect(html).toContain('<body id="cart-page">');
  });

  it('shows the stored content of a block field', async () => {
    await new SiteRepository(server.app.deps.store).writeSetting(BLOCK_FIELDS_SETTING, { footerBlocks: [{ id: 'b1', type: 'html', content: '<p>Visit the studio</p>' }] });
    const html = await (await fetch(`${server.url}/shop`)).text();
    expect(html).toContain('<div class="sqs-block-content"><p>Visit the studio</p></div>');
  });

  it('answers ?format=json with the context the folder templates get', async () => {
    const context = await (await fetch(`${server.url}/shop?format=json`)).json() as Record<string, any>;
    expect(context.collection).toMatchObject({ urlId: 'shop', typeName: 'products', navigationTitle: 'Shop' });
    expect(context.items.length).toBeGreaterThan(2);
    expect(context.showCart).toBe(true);
    expect(context.shoppingCart).toMatchObject({ totalQuantity: 0 });
    expect(context.localizedStrings).toEqual(LOCALIZED_STRINGS);
  });

  it('lets development hooks add to the footers, and lists the folder\'s problems for an overlay', async () => {
    const pages = createFolderPages(server.app.deps, dir, createBuiltinPages(server.app.deps.log, false));
    pages.footerHooks.push(() => '<script id="live-reload"></script>');
    const spec = { template: 'cart', pageType: PAGE_TYPE.SHOW_CART, pageTitle: 'Cart', context: {} };
    const req = { path: '/cart', cookies: {} } as unknown as Request;
    const page = await pages.render(req, spec, await pages.prepare(req, spec, { islands: { cartPill: '<div id="pill"></div>' } }));
    expect(page.page.bytes.toString()).toContain('<div id="pill"></div>\n<script id="live-reload"></script></body>');
    expect(await pages.problems()).toEqual([]);
    expect(pages.watchPaths).toEqual([dir]);
  });

  it('gives an item page the neighbouring items of its collection as pagination', async () => {
    const context = await (await fetch(`${server.url}/shop/p/stoneware-mug?format=json`)).json() as Record<string, any>;
    expect(context.pagination).toEqual({
      prevItem: expect.objectContaining({ urlId: 'linen-shirt', fullUrl: '/shop/p/linen-shirt' }),
      nextItem: expect.objectContaining({ urlId: 'canvas-tote', fullUrl: '/shop/p/canvas-tote' }),
    });
  });

  it('gives the neighbouring items as the collection lists them, dates and image included, without their body', async () => {
    const listed = (await (await fetch(`${server.url}/shop?format=json`)).json() as { items: Array<Record<string, unknown>> }).items;
    const { body, ...linenShirt } = listed.find((item) => item.urlId === 'linen-shirt')!;
    expect(body).toBeDefined();
    const context = await (await fetch(`${server.url}/shop/p/stoneware-mug?format=json`)).json() as Record<string, any>;
    expect(context.pagination.prevItem).toMatchObject(linenShirt);
    expect(context.pagination.prevItem).not.toHaveProperty('body');
    expect(typeof context.pagination.prevItem.addedOn).toBe('number');
  });

  it('serves the folder assets', async () => {
    expect(await (await fetch(`${server.url}/assets/logo.txt`)).text()).toBe('logo');
  });
});

describe('platform tags against the store', () => {
  let server: RunningServer;
  let dir: string;
  const warned: unknown[][] = [];
  beforeAll(async () => {
    dir = writeFolder({
      'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] } }, navigations: [{ name: 'mainNav' }], tweaks: { 'header-style': 'Centered', compact: true } }),
      'site.region': '<body class="{squarespace.page-classes}">{squarespace-headers}<squarespace:folder-navigation template="sub" />'
        + '<squarespace:category collection="shop">{.repeated section categories}[{name}]{.end}</squarespace:category>'
        + '{squarespace.main-content}</body>',
      'blocks/sub.block': '<nav data-folder="{folder.navigationTitle}">{.repeated section items}<a{.if active} class="active"{.end}>{collection.navigationTitle}</a>{.end}</nav>',
      'collections/products.list': '<squarespace:query collection="shop" featured>{.repeated section items}<b class="featured">{urlId}</b>{.end}</squarespace:query>'
        + '<squarespace:query collection="shop" category="Linen">{.repeated section items}<b class="category">{urlId}</b>{.end}</squarespace:query>'
        + '<squarespace:query collection="shop" tag="gift">{.repeated section items}<b class="tag">{urlId}</b>{.end}</squarespace:query>'
        + '<squarespace:query collection="no-such-collection">never</squarespace:query>',
      'collections/products.item': '<h1>{item.title}</h1><squarespace:related collectionId="{collection.id}" itemId="{item.id}" limit="2">{.repeated section items}<i>{title}</i>{.end}</squarespace:related>',
    });
    server = await startServer({ templateDir: dir, dev: true });
    vi.spyOn(server.app.deps.log, 'warn').mockImplementation((...args: unknown[]) => {
      warned.push(args);
    });
    const { store } = server.app.deps;
    const site = new SiteRepository(store);
    const layout = (await site.siteLayout()) as { layout: Array<{ identifier: string; links: Array<Record<string, unknown>> }> };
    const main = layout.layout.find((entry) => entry.identifier === 'mainNav')!;
    const [home, shop, lessons] = main.links;
    await site.writeSetting('siteLayout', { layout: [{ identifier: 'mainNav', links: [home, { ...lessons, title: 'Studio', url: '/studio', collectionId: null, children: [shop, lessons] }] }] });
    // product data written the portable way (read, change, write), as on either store engine
    const patchProducts = async (urlIds: string[], patch: Record<string, unknown>): Promise<void> => {
      for (const urlId of urlIds) {
        const row = await store.get<{ data_json: string }>('SELECT data_json FROM products WHERE url_id = ?', [urlId]);
        await store.run('UPDATE products SET data_json = ? WHERE url_id = ?', [JSON.stringify({ ...JSON.parse(row!.data_json), ...patch }), urlId]);
      }
    };
    await patchProducts(['linen-shirt'], { categories: ['Linen'] });
    await patchProducts(['stoneware-mug'], { featured: true });
    await patchProducts(['canvas-tote', 'bud-vase'], { tags: ['gift'] });
  });

  it('queries a collection of the store by featured, category and tag, and renders nothing for an unknown collection', async () => {
    const html = await (await fetch(`${server.url}/shop`)).text();
    expect([...html.matchAll(/<b class="featured">([^<]+)<\/b>/g)].map((m) => m[1])).toEqual(['stoneware-mug']);
    expect([...html.matchAll(/<b class="category">([^<]+)<\/b>/g)].map((m) => m[1])).toEqual(['linen-shirt']);
    expect([...html.matchAll(/<b class="tag">([^<]+)<\/b>/g)].map((m) => m[1]).sort()).toEqual(['bud-vase', 'canvas-tote']);
    // the page itself, not the development overlay, which quotes the tag's source
    expect(html.replace(/<dialog[\s\S]*<\/dialog>/, '')).not.toContain('never');
  });

  it('tells the author in development, once per place until its file changes, which tag names a collection the store lacks', async () => {
    await fetch(`${server.url}/shop`);
    await fetch(`${server.url}/shop`);
    const told = () => warned.filter(([, message]) => String(message).endsWith(themeMessages.queryCollectionNotInSite('no-such-collection')));
    const column = readFileSync(join(dir, 'collections/products.list'), 'utf8').indexOf('<squarespace:query collection="no-such-collection"') + 1;
    // placed as the folder's other warnings are
    expect(told()).toEqual([[{ file: 'collections/products.list', line: 1, column }, `collections/products.list:1:${column} ${themeMessages.queryCollectionNotInSite('no-such-collection')}`]]);
    // a save of another file reloads the folder, and repeats nothing
    writeFileSync(join(dir, 'blocks/unused.block'), '<p>unused</p>');
    await fetch(`${server.url}/shop`);
    expect(told()).toHaveLength(1);
    // a save of the tag's own file, still naming it, tells it again
    const list = join(dir, 'collections/products.list');
    writeFileSync(list, `${readFileSync(list, 'utf8')}\n`);
    await fetch(`${server.url}/shop`);
    expect(told()).toHaveLength(2);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the folder the page is in, its categories, related items, tweak classes and Open Graph type', async () => {
    const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
    expect(html).toContain('<nav data-folder="Studio"><a class="active">Shop</a><a>Lessons</a></nav>');
    expect(html).toContain('[Linen]');
    expect(html.match(/<i>/g)).toHaveLength(2);
    expect(html).not.toMatch(/<i>Linen Shirt<\/i>/i);
    expect(html).toContain('class="tweak-header-style-centered tweak-compact collection-type-products collection-layout-default');
    expect(html).toContain('view-item item-');
    expect(html).toContain('<meta property="og:type" content="product">');
  });

  it('renders nothing for folder navigation on a page outside every folder', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toContain('data-folder');
  });

  it('uses an edited folder file on the next request in development', async () => {
    writeFileSync(join(dir, 'collections/products.item'), '<h2>{item.title}</h2>');
    expect(await (await fetch(`${server.url}/shop/p/linen-shirt`)).text()).toMatch(/<h2>[^<]+<\/h2>/);
  });
});

describe("a template's navigations the store's layout has no entry for", () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    const nav = (id: string) => `<p id="${id}"><squarespace:navigation navigationId="${id}" template="nav" /></p>`;
    dir = writeFolder({
      // dossier's three names: the store's layout has mainNav and footerNav
      'template.conf': JSON.stringify({ name: 'Three', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'primaryNav' }, { name: 'secondaryNav' }, { name: 'footerNav' }] }),
      'site.region': `<html><head>{squarespace-headers}</head><body>${nav('primaryNav')}${nav('secondaryNav')}${nav('footerNav')}{squarespace.main-content}{squarespace-footers}</body></html>`,
      'blocks/nav.block': '{.repeated section items}{.section collection}{navigationTitle}{.end}{.section externalLink}{title}{.end};{.end}',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('are given the entries no name claims, in order, so the footer\'s links are not shown twice', async () => {
    const html = await (await fetch(`${server.url}/shop`)).text();
    expect(html).toContain('<p id="primaryNav">Home;Shop;Lessons;Gallery;Contact;</p>');
    expect(html).toContain('<p id="secondaryNav"></p>');
    expect(html).toContain('<p id="footerNav">Search;Instagram;</p>');
  });
});

describe('a template.conf that does not parse', () => {
  const good = JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } } }, null, 2);
  const broken = good.replace('"name": "Plain"', '"name" "Plain"');

  it('is placed by line and column, without the file named twice', async () => {
    const { parseTemplateConf } = await import('../../../server/theme/template-conf.ts');
    const read = parseTemplateConf(broken);
    expect(read).toEqual({ ok: false, message: `not valid JSON: Expected ':' after property name`, line: 2, column: 10 });
    expect(parseTemplateConf('{"layouts": {}}')).toEqual({ ok: false, message: 'layouts has no entries', line: 0, column: 0 });
    // V8 places no unexpected token: the engine's reader does, and names a trailing comma as one
    expect(parseTemplateConf('{\n  "stylesheets": [ "base.less", ]\n}')).toEqual({ ok: false, message: themeMessages.confUnreadable(themeMessages.confTrailingComma(']')), line: 2, column: 33 });
    expect(parseTemplateConf("{\n  'name': 'Plain'\n}")).toEqual(expect.objectContaining({ ok: false, line: 2, column: 3 }));
  });

  it("names a comma after an object's last member as one, where V8 places it but asks for a property name", async () => {
    const { parseTemplateConf } = await import('../../../server/theme/template-conf.ts');
    const written = '{\n  "layouts": { "default": { "regions": ["site"] } },\n  "tweaks": { "accentColor": "#c53" },\n}';
    expect(parseTemplateConf(written)).toEqual({ ok: false, message: themeMessages.confUnreadable(themeMessages.confTrailingComma('}')), line: 4, column: 1 });
  });

  it('says what stands where a member name should start (a name without quotes, single quotes, a comment) as tmpl check says it of the file, not only that V8 wanted a name', async () => {
    const { parseTemplateConf } = await import('../../../server/theme/template-conf.ts');
    const quotes = cliMessages.jsonNote(cliMessages.jsonFoundCharacter('expected a property name', "'n'"), cliMessages.jsonDoubleQuotes);
    expect(parseTemplateConf('{\n  name: "Plain"\n}')).toEqual({ ok: false, message: themeMessages.confUnreadable(quotes), line: 2, column: 3 });
    expect(parseTemplateConf("{\n  'name': \"Plain\"\n}")).toEqual(expect.objectContaining({ message: expect.stringContaining(cliMessages.jsonDoubleQuotes), line: 2, column: 3 }));
    const comment = '{\n  "name": "Plain",\n  // the layouts\n  "layouts": {}\n}';
    expect(parseTemplateConf(comment)).toEqual(expect.objectContaining({ message: expect.stringContaining(cliMessages.jsonNoComments), line: 3, column: 3 }));
    // the words tmpl check reads the file with
    for (const text of ['{\n  name: "Plain"\n}', "{ 'name': 1 }", comment]) {
      expect(parseTemplateConf(text)).toMatchObject({ message: themeMessages.confUnreadable((readJsonText(text, 'template.conf') as { problem: string }).problem) });
    }
  });

  it('places a comma left out where it belongs, at the end of the value before, not where the next one starts', async () => {
    const { parseTemplateConf } = await import('../../../server/theme/template-conf.ts');
    const missing = themeMessages.confUnreadable(themeMessages.confMissingComma);
    const members = '{\n  "layouts": { "default": { "regions": ["site"] } }\n  "tweaks": {}\n}';
    expect(parseTemplateConf(members)).toEqual({ ok: false, message: missing, line: 2, column: 52 });
    expect(parseTemplateConf('{\n  "stylesheets": ["a.less"\n    "b.less"]\n}')).toEqual({ ok: false, message: missing, line: 2, column: 27 });
    // anything else after a value is V8's to say
    expect(parseTemplateConf('{ "name": "Plain" x }')).toEqual(expect.objectContaining({ message: themeMessages.confUnreadable("Expected ',' or '}' after property value"), column: 19 }));
  });

  it('places a comma left out before a name written without its quotes where it belongs too, and says the name takes them', async () => {
    const { parseTemplateConf } = await import('../../../server/theme/template-conf.ts');
    const text = '{\n  "name" : "Bureau"\n  author: "x",\n  "layouts": { "default": { "regions": ["site"] } }\n}';
    expect(parseTemplateConf(text)).toEqual({ ok: false, message: themeMessages.confUnreadable(themeMessages.confMissingCommaBeforeBareName('author')), line: 2, column: 20 });
    expect(themeMessages.confMissingCommaBeforeBareName('author')).toBe(`${themeMessages.confMissingComma}; and the name after it takes double quotes ("author")`);
    // a bare name starting as a JSON value might (navigations, true…) is a name too, when its colon follows
    expect(parseTemplateConf(text.replace('author', 'navigations'))).toMatchObject({ message: themeMessages.confUnreadable(themeMessages.confMissingCommaBeforeBareName('navigations')), line: 2, column: 20 });
  });

  it('shows the overlay in development on every page until it is fixed, then the page', async () => {
    const dir = writeFolder({ 'template.conf': broken, 'site.region': '<html><body>{squarespace.main-content}{squarespace-footers}</body></html>' });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const page = await fetch(`${server.url}/shop`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain('dev-error-overlay');
      expect(html).toContain('template.conf:2:10');
      expect(html).toContain('not valid JSON: Expected &#39;:&#39; after property name');
      expect(html).toContain(`>${overlayText.errors(1, { 'template.conf': 1 })}</h1>`);
      expect(overlayText.errors(1, { 'template.conf': 1 })).toBe('1 template.conf error');
      writeFileSync(join(dir, 'template.conf'), good);
      await expect.poll(async () => (await fetch(`${server.url}/shop`)).status, { timeout: 10_000 }).toBe(200);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows a regionName that names no layout in the development overlay (the page falls back to the default layout)', async () => {
    const dir = writeFolder({
      'template.conf': good,
      'site.region': '<html><body>{squarespace.main-content}{squarespace-footers}</body></html>',
      'collections/products.conf': '{ "title": "Products", "regionName": "wide" }',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('dev-error-overlay');
      expect(html).toContain('<span class="where">collections/products.conf:1:38</span>');
      expect(html).toContain(`<span class="message">${themeMessages.layoutUnknown('wide').replaceAll("'", '&#39;')}</span>`);
      expect(html).toContain('&gt; 1 | { &quot;title&quot;: &quot;Products&quot;, &quot;regionName&quot;: &quot;wide&quot; }');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows a layout region that has no file in the development overlay, placed at its name in template.conf with its frame', async () => {
    const dir = writeFolder({
      'template.conf': '{\n  "layouts": {\n    "default": { "regions": ["header", "site"] }\n  }\n}',
      'site.region': '<html><body>{squarespace.main-content}{squarespace-footers}</body></html>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('<span class="where">template.conf:3:30</span>');
      expect(html).toContain(`<span class="message">${themeMessages.regionMissing('header', 'default').replaceAll("'", '&#39;')}</span>`);
      expect(html).toContain('&gt; 3 |     &quot;default&quot;: { &quot;regions&quot;: [&quot;header&quot;, &quot;site&quot;] }');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves a template kept one folder down (a repository with src/template.conf) when TEMPLATE_DIR names the repository', async () => {
    const repository = writeFolder({
      'README.md': 'A template.',
      'src/template.conf': JSON.stringify({ name: 'Kept in src', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'src/site.region': '<html><body class="from-src">{squarespace.main-content}</body></html>',
    });
    const server = await startServer({ templateDir: repository });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('<body class="from-src">');
    } finally {
      await server.stop(true);
      rmSync(repository, { recursive: true, force: true });
    }
  });

  it('stops the start elsewhere, naming the folder problem rather than the database', async () => {
    const dir = writeFolder({ 'template.conf': broken, 'site.region': '{squarespace.main-content}' });
    try {
      const { TemplateFolderError } = await import('../../../server/theme/folder-cache.ts');
      const failure = await startServer({ templateDir: dir }).then(() => null, (error: unknown) => error);
      expect(failure).toBeInstanceOf(TemplateFolderError);
      expect((failure as Error).message).toBe(`template.conf:2:10 not valid JSON: Expected ':' after property name`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A PNG's first bytes, with braces a compile would take for instructions. */
  const PNG = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR{title}{.section x}';

  it('shows a template that is not text (an image renamed .block) in the development overlay, as tmpl check names it, until it is replaced', async () => {
    const dir = writeFolder({ 'template.conf': good, 'site.region': '<html><body>{squarespace.main-content}{squarespace-footers}</body></html>', 'blocks/logo.block': PNG });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      // no page applies it: the shop renders, with the file's error listed over it
      const page = await fetch(`${server.url}/shop`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('dev-error-overlay');
      expect(html).toContain(`<span class="where">blocks/logo.block</span> <span class="message">${escapeHtml(cliMessages.notTextFile)}</span>`);
      // its bytes are not read as a template: no garbled errors, no frame of them
      expect(html).not.toContain('IHDR');
      // a page that applies it shows the overlay instead
      writeFileSync(join(dir, 'site.region'), '<html><body>{@|apply logo.block}{squarespace.main-content}{squarespace-footers}</body></html>');
      await expect.poll(async () => (await fetch(`${server.url}/shop`)).status, { timeout: 10_000 }).toBe(500);
      writeFileSync(join(dir, 'blocks/logo.block'), '<p class="logo">Logo</p>');
      await expect.poll(async () => (await fetch(`${server.url}/shop`)).status, { timeout: 10_000 }).toBe(200);
      // no error left (the layout's warnings, of a region without the headers, stay in their bar)
      const fixed = await (await fetch(`${server.url}/shop`)).text();
      expect(fixed).not.toContain('blocks/logo.block');
      expect(fixed).not.toContain('data-errors=');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the start elsewhere at a template that is not text, naming the file', async () => {
    const dir = writeFolder({ 'template.conf': good, 'site.region': '<html><body>{squarespace.main-content}</body></html>', 'collections/products.list': PNG });
    try {
      const { TemplateFolderError } = await import('../../../server/theme/folder-cache.ts');
      const failure = await startServer({ templateDir: dir }).then(() => null, (error: unknown) => error);
      expect(failure).toBeInstanceOf(TemplateFolderError);
      expect((failure as Error).message).toBe(`collections/products.list ${cliMessages.notTextFile}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the development overlay of a developer template', () => {
  const plainConf = JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } } });

  it('gives a mistyped block the closest block of the folder in the development overlay, as tmpl check does', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><body>{squarespace.main-content}{squarespace-footers}</body></html>',
      'collections/products.list': '{.repeated section items}{@|apply product-crad.block}{.end}',
      'blocks/product-card.block': '<i>{title}</i>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('<span class="where">collections/products.list:1:26</span>');
      expect(html).toContain('<div class="hint">did you mean &#39;product-card.block&#39;?</div>');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says of a missing block what tmpl check says of it in the same folder, in the same words, place and suggestion', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><body>{squarespace.main-content}{squarespace-footers}</body></html>',
      'collections/products.list': '{@|apply site-nav.block}\n{@|apply card.block}',
      'blocks/site-navigation.block': '<nav></nav>',
      'blocks/nav.block': '<nav></nav>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      const entries = html.split('<li ').slice(1)
        .map((item) => [
          /<span class="where">([^<]+)</.exec(item)?.[1],
          /<span class="message">([^<]+)</.exec(item)?.[1],
          /<div class="hint">([^<]+)</.exec(item)?.[1],
        ])
        .filter(([where]) => where?.startsWith('collections/'));
      expect(entries).toEqual([
        ['collections/products.list:1:1', escapeHtml(messages.partialMissing('site-nav.block')), 'did you mean &#39;site-navigation.block&#39;?'],
        // a shared .block does not make two short names alike
        ['collections/products.list:2:1', escapeHtml(messages.partialMissing('card.block')), undefined],
      ]);
      // tmpl check's line for each: the overlay's place, message and hint (escaped alike), as tmpl prints a hint
      const checked = checkTemplateFolder(dir).problems.filter((problem) => problem.file === 'collections/products.list');
      expect(checked.map((problem) => [`${problem.file}:${problem.line}:${problem.column}`, escapeHtml(problem.message)])).toEqual(
        entries.map(([where, message, hint]) => [where, hint === undefined ? message : cliMessages.hint(message!, hint)]),
      );
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps a malformed tag of one page's file off the other pages' overlay, in their warning bar, as tmpl render DIR --page does", async () => {
    const dir = writeFolder({
      'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] } } }),
      'site.region': '<html><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>',
      'pages/contact.page': '<h1>Contact</h1>\n<squarespace:querry collection="shop">{title}</squarespace:querry>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const where = '<span class="where">pages/contact.page:2:1</span>';
      const shop = await (await fetch(`${server.url}/shop`)).text();
      expect(shop).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
      expect(shop).toContain(where);
      // the page the file makes has it over the page
      const contact = await (await fetch(`${server.url}/contact`)).text();
      expect(contact).toContain(where);
      expect(contact).not.toContain('class="warnings-only"');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns in the development overlay of a stylesheet and a script the folder names but lacks, and of a statement its stylesheet left out, placed as tmpl check places them', async () => {
    const dir = writeFolder({
      'template.conf': '{\n  "layouts": { "default": { "regions": ["site"] } },\n  "stylesheets": ["base.less", "blog.less"]\n}',
      'site.region': '<html><body><main>{squarespace.main-content}</main>\n<squarespace:script src="site-bundle.js" />{squarespace-footers}</body></html>',
      'styles/base.less': 'main { color: #333; }\nh1 { color: @accentColor; }',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const page = await fetch(`${server.url}/shop`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
      expect(html).toContain(`<span class="where">template.conf:3:32</span> <span class="message">${escapeHtml(themeMessages.stylesheetMissing('blog.less'))}</span>`);
      // a statement the stylesheet's compile left out: the page works, in a warning bar rather than over the page
      expect(html).toContain(`<span class="where">styles/base.less:2:13</span> <span class="message">${escapeHtml(themeMessages.stylesheetStatementLeftOut('variable @accentColor is undefined'))}</span>`);
      expect(html).toContain(`<span class="where">site.region:2:1</span> <span class="message">${escapeHtml(themeMessages.scriptMissing('site-bundle.js'))}</span>`);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns in the development overlay of a mistyped platform value that leaves every page empty, as tmpl check does', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><body>\n<main>{squarespace.main-contnet}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('<main></main>');
      const message = themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace.main-contnet'), '{squarespace.main-content}');
      expect(html).toContain(`<span class="where">site.region:2:7</span> <span class="message">${escapeHtml(message)}</span>`);
      // placed at the layout's region in template.conf, as tmpl check places it, and naming the region's file
      const layoutAt = `template.conf:1:${plainConf.indexOf('"site"') + 1}`;
      expect(html).toContain(`<span class="where">${layoutAt}</span> <span class="message">${escapeHtml(themeMessages.mainContentMissing('default', ['site.region']))}</span>`);
      // the region writes the footers but no headers: the page has no title, stylesheet or island scripts
      expect(html).toContain(`<span class="where">${layoutAt}</span> <span class="message">${escapeHtml(themeMessages.headersMissing('default', ['site.region']))}</span>`);
      expect(html).not.toContain(escapeHtml(themeMessages.footersMissing('default', ['site.region'])));
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warns in the development overlay of a layout without the page's content only on the pages of that layout", async () => {
    const written = '{ "layouts": { "default": { "regions": ["site"] },\n  "bare": { "regions": ["plain"] } } }';
    const dir = writeFolder({
      'template.conf': written,
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'plain.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-contnet}</main>{squarespace-footers}</body></html>',
      // the store's lessons render in layout 'bare' (lessons fall back to blog)
      'collections/blog.conf': '{ "regionName": "bare" }',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const said = `<span class="where">template.conf:2:${written.split('\n')[1]!.indexOf('"plain"') + 1}</span> <span class="message">${escapeHtml(themeMessages.mainContentMissing('bare', ['plain.region']))}</span>`;
      expect(await (await fetch(`${server.url}/lessons`)).text()).toContain(said);
      // the shop renders in layout 'default', which writes the content
      expect(await (await fetch(`${server.url}/shop`)).text()).not.toContain(escapeHtml(themeMessages.mainContentMissing('bare', ['plain.region'])));
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns in the development overlay of a regionName that names a region rather than a layout, on the pages it wraps alone', async () => {
    const dir = writeFolder({
      'template.conf': '{ "layouts": { "default": { "regions": ["header", "site", "footer"] },\n  "sidebar": { "regions": ["header", "sidebars", "footer"] } } }',
      'header.region': '<html><head>{squarespace-headers}</head><body>',
      'site.region': '<main>{squarespace.main-content}</main>',
      'sidebars.region': '<main>{squarespace.main-content}</main><aside></aside>',
      'footer.region': '{squarespace-footers}</body></html>',
      // the store's lessons (which fall back to blog) are wrapped in sidebars.region alone
      'collections/blog.conf': '{\n  "regionName": "sidebars"\n}',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const message = themeMessages.didYouMean(
        themeMessages.regionNamedAsLayout('sidebars', 'sidebars.region', ['default', 'sidebar'], ['{squarespace-headers}', '{squarespace-footers}']),
        'sidebar',
      );
      const lessons = await (await fetch(`${server.url}/lessons`)).text();
      expect(lessons).toContain(`<span class="where">collections/blog.conf:2:17</span> <span class="message">${escapeHtml(message)}</span>`);
      expect(await (await fetch(`${server.url}/shop`)).text()).not.toContain('regionName');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warns in the development overlay of a collection's .conf setting one typo away, placed as tmpl check places it", async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/blog.conf': '{\n  "ordering": "chronologial",\n  "pagesize": 2\n}',
      'collections/blog.list': '{.repeated section items}<p>{title}</p>{.end}',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/lessons`)).text();
      expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
      const ordering = themeMessages.didYouMean(themeMessages.confOrderingUnknown('chronologial', ['chronological', 'user-orderable', 'calendar', 'music-album']), 'chronological');
      expect(html).toContain(`<span class="where">collections/blog.conf:2:15</span> <span class="message">${escapeHtml(ordering)}</span>`);
      const pageSize = themeMessages.didYouMean(themeMessages.confKeyUnknown('pagesize'), 'pageSize');
      expect(html).toContain(`<span class="where">collections/blog.conf:3:3</span> <span class="message">${escapeHtml(pageSize)}</span>`);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns in the development overlay only of the files the page rendered, its .conf and template.conf, as tmpl render does', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>',
      // the lessons' list applies the block, whose value and script are mistyped; its .conf has a setting the platform does not read
      'collections/blog.list': '{.repeated section items}<p>{title}</p>{.end}{@|apply lesson-foot.block}',
      'collections/blog.conf': '{\n  "pagesize": 2\n}',
      'blocks/lesson-foot.block': '<p>{squarespace.page-idd}</p>\n<squarespace:script src="lessons.js" />',
      // a block nothing applies
      'blocks/unused.block': '{squarespace-headres}',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const value = escapeHtml(themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace.page-idd'), '{squarespace.page-id}'));
      const script = escapeHtml(themeMessages.scriptMissing('lessons.js'));
      const setting = escapeHtml(themeMessages.didYouMean(themeMessages.confKeyUnknown('pagesize'), 'pageSize'));
      const lessons = await (await fetch(`${server.url}/lessons`)).text();
      expect(lessons).toContain(`<span class="where">blocks/lesson-foot.block:1:4</span> <span class="message">${value}</span>`);
      expect(lessons).toContain(`<span class="where">blocks/lesson-foot.block:2:1</span> <span class="message">${script}</span>`);
      expect(lessons).toContain(`<span class="where">collections/blog.conf:2:3</span> <span class="message">${setting}</span>`);
      // the shop applies neither the block nor the blog's .conf; no page applies blocks/unused.block
      const shop = await (await fetch(`${server.url}/shop`)).text();
      expect(shop).toContain('<h1>');
      for (const html of [shop, lessons]) expect(html).not.toContain('blocks/unused.block');
      for (const message of [value, script, setting]) expect(shop).not.toContain(message);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns in the development overlay of a navigation tag that renders nothing, with the navigation it likely meant', async () => {
    const dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Nav', layouts: { default: { regions: ['site'] } }, navigations: [{ name: 'mainNav', title: 'Main' }] }),
      'site.region': '<html><head>{squarespace-headers}</head><body>\n<squarespace:navigation navigationId="mainNavv" template="nav" /><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'blocks/nav.block': '{.repeated section items}<a>{collection.navigationTitle}</a>{.end}',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('<main><h1>Shop</h1></main>');
      expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
      const message = themeMessages.didYouMean(themeMessages.navigationNotInSite('mainNavv'), 'mainNav');
      expect(html).toContain(`<span class="where">site.region:2:1</span> <span class="message">${escapeHtml(message)}</span>`);
      // the same page with the name mended: nothing to warn of
      writeFileSync(join(dir, 'site.region'), '<html><head>{squarespace-headers}</head><body>\n<squarespace:navigation navigationId="mainNav" template="nav" /><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>');
      const mended = await (await fetch(`${server.url}/shop`)).text();
      expect(mended).toContain('<a>Home</a>');
      expect(mended).not.toContain(`id="${OVERLAY_ID}"`);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns in the development overlay of the queries past the eight a page runs, which render nothing', async () => {
    const queries = Array.from({ length: 9 }, (_, index) => `<squarespace:query collection="shop" limit="1"><q>${index + 1}</q></squarespace:query>`).join('\n');
    const dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Queries', layouts: { default: { regions: ['site'] } } }),
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': queries,
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      const page = html.replace(/<dialog[\s\S]*<\/dialog>/, '');
      expect(page.match(/<q>\d+<\/q>/g)).toEqual(['<q>1</q>', '<q>2</q>', '<q>3</q>', '<q>4</q>', '<q>5</q>', '<q>6</q>', '<q>7</q>', '<q>8</q>']);
      expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
      expect(html).toContain(`<span class="where">collections/products.list:9:1</span> <span class="message">${escapeHtml(themeMessages.queryPastPageLimit(8))}</span>`);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows a mistyped platform tag in the development overlay over the page, which the storefront still serves', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><body>\n<squarespace:navigaton navigationId="mainNav" /><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const page = await fetch(`${server.url}/shop`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<main><h1>Shop</h1></main>');
      expect(html).toContain('<span class="where">site.region:2:1</span>');
      expect(html).toContain('is not a platform tag (did you mean &#39;&lt;squarespace:navigation&gt;&#39;?)');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows a platform tag left without its \'/>\' in the development overlay over the page, which serves it as text', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><body>\n  <squarespace:navigation navigationId="mainNav" template="nav"\n<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const page = await fetch(`${server.url}/shop`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<main><h1>Shop</h1></main>');
      expect(html).toContain(`<span class="where">site.region:2:3</span> <span class="message">${escapeHtml(themeMessages.tagNotEnded('navigation'))}</span>`);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs a page\'s errors at ERROR, as the overlay shows them, naming the file each is in rather than the page\'s template', async () => {
    const dir = writeFolder({
      'template.conf': plainConf,
      'site.region': '<html><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>{@|apply no-such.block}',
    });
    const server = await startServer({ templateDir: dir, dev: true });
    const errors: Array<[Record<string, unknown>, string]> = [];
    const warned: string[] = [];
    vi.spyOn(server.app.deps.log, 'error').mockImplementation(((fields: Record<string, unknown>, message: string) => { errors.push([fields, message]); }) as never);
    vi.spyOn(server.app.deps.log, 'warn').mockImplementation(((_fields: unknown, message: string) => { warned.push(message); }) as never);
    try {
      // a block the page applies that the folder lacks: an error of the overlay, and of the log
      expect((await fetch(`${server.url}/shop`)).status).toBe(200);
      const rendered = errors.find(([, message]) => message.startsWith(themeMessages.renderErrorsLog));
      expect(rendered?.[0]).toMatchObject({ template: 'collections/products.list', page: 'collections/products.list' });
      expect(warned.filter((message) => message.startsWith(themeMessages.renderErrorsLog))).toEqual([]);
      // an error in the region: the region is named, not the list the page renders with it
      writeFileSync(join(dir, 'site.region'), '<html><body><main>{squarespace.main-content}</main>{.end}{squarespace-footers}</body></html>');
      writeFileSync(join(dir, 'collections/products.list'), '<h1>{collection.title}</h1>');
      await expect.poll(async () => (await fetch(`${server.url}/shop`)).status, { timeout: 10_000 }).toBe(500);
      const compile = errors.find(([, message]) => message === 'template does not compile');
      expect(compile?.[0]).toMatchObject({ template: 'site.region', page: 'collections/products.list' });
    } finally {
      vi.restoreAllMocks();
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the server with TEMPLATE_DIR set to a folder of .tmpl pages', () => {
  it('serves those pages as single templates, as it serves the project\'s own', async () => {
    const files: Record<string, string> = { 'partials/head.block': '', 'partials/footer.block': '', 'shop.tmpl': '<p>{collection.title}: {items.0.title}</p>' };
    const dir = writeFolder(files);
    const server = await startServer({ templateDir: dir });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toMatch(/^<p>Shop: [^<]+<\/p>$/);
      const context = await (await fetch(`${server.url}/shop?format=json`)).json() as Record<string, unknown>;
      expect(context).not.toHaveProperty('showCart');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a page the folder lacks in the development overlay, and applies a partial by its name with or without .block', async () => {
    const dir = writeFolder({ 'shop.tmpl': '<body><p>{@|apply card}|{@|apply card.block}</p></body>', 'partials/card.block': 'card' });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      expect(await (await fetch(`${server.url}/shop`)).text()).toContain('<p>card|card</p>');
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(500);
      const html = await home.text();
      expect(html).toContain('dev-error-overlay');
      expect(html).toContain(`<span class="where">home.tmpl</span>`);
      expect(html).toContain(serverMessages.pageTemplateMissing('home.tmpl').replaceAll('"', '&quot;'));
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells an author who writes a template.conf into the folder after the start to restart, rather than to write .tmpl pages', async () => {
    const dir = writeFolder({});
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      writeFileSync(join(dir, 'template.conf'), '{ "name": "Mine", "layouts": { "default": { "name": "Default", "regions": ["site"] } } }');
      writeFileSync(join(dir, 'site.region'), '<body>{squarespace.main-content}</body>');
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(500);
      const html = await home.text();
      expect(html).toContain(serverMessages.pageTemplateMissingSinceTemplateConf('home.tmpl'));
      expect(html).not.toContain(serverMessages.pageTemplateMissing('home.tmpl').replaceAll('"', '&quot;'));
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a mistyped partial the closest partial of partials/ in the development overlay', async () => {
    const dir = writeFolder({ 'shop.tmpl': '<body><p>{@|apply crad}</p></body>', 'partials/card.block': 'card' });
    const server = await startServer({ templateDir: dir, dev: true });
    try {
      const html = await (await fetch(`${server.url}/shop`)).text();
      expect(html).toContain('<span class="where">shop.tmpl:1:10</span>');
      expect(html).toContain('<div class="hint">did you mean &#39;card&#39;?</div>');
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
