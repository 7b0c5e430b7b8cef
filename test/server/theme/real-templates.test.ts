import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeOf } from '../../../server/theme/folder-loader.ts';
import type { Json } from '../../../server/theme/platform-data.ts';
import { renderFolderPage } from '../../../server/theme/render-folder-page.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { REAL_TEMPLATES, realTemplateFolders } from '../helpers/real-templates.ts';



const folders = realTemplateFolders();
const PAGES = ['/', '/lessons', '/lessons/indigo-basics', '/shop', '/shop/p/linen-shirt', '/cart', '/gallery', '/contact', '/search?q=linen', '/no-such-page'];

describe.skipIf(folders.length === 0)('real developer templates through TEMPLATE_DIR', () => {
  for (const dir of folders) {
    describe(dir.slice(REAL_TEMPLATES.length + 1), () => {
      let server: RunningServer;
      let logged: unknown[][];
      beforeAll(async () => {
        server = await startServer({ templateDir: dir });
        logged = [];
        const record = (...args: unknown[]): void => {
          logged.push(args);
        };
        vi.spyOn(server.app.deps.log, 'warn').mockImplementation(record);
        vi.spyOn(server.app.deps.log, 'error').mockImplementation(record);
      });
      afterAll(async () => {
        vi.restoreAllMocks();
        await server.stop(true);
      });

      it('renders the home page, a collection list, an item, a product page and the cart without engine errors', async () => {
        for (const path of PAGES) {
          const response = await fetch(server.url + path);
          const html = await response.text();
          expect(response.status, path).toBe(path === '/no-such-page' ? 404 : 200);
          expect(html, path).toMatch(/<html/i);
          // The folder's region wraps every page, with the platform's values filled in.
          expect(html, path).not.toContain('{squarespace');
          expect(html, path).not.toContain('<squarespace:');
        }
        expect(logged).toEqual([]);
      });

      it("places the built-in pages inside the template's own main landmark, not as a second main", async () => {
        for (const path of ['/shop', '/shop/p/linen-shirt', '/cart', '/contact', '/lessons', '/no-such-page']) {
          const html = await (await fetch(server.url + path)).text();
          // Every one of these templates writes its own <main> (or role="main") around the main content.
          const landmarks = html.match(/<(?:main\b|[a-z][\w-]*\s[^>]*\brole="main")[^>]*>/g) ?? [];
          expect(landmarks, path).toHaveLength(1);
          expect(html.match(/\sid="main"/g)?.length ?? 0, path).toBeLessThanOrEqual(1);
        }
      });

      it('says the gallery is a gallery, in its page classes as in the navigation', async () => {
        const html = await (await fetch(`${server.url}/gallery`)).text();
        expect(html).toContain('collection-type-gallery');
        expect(html).not.toContain('collection-type-generic');
      });

      it('keeps the islands of the built-in pages working inside the template', async () => {
        expect(await (await fetch(`${server.url}/shop/p/linen-shirt`)).text()).toContain('data-island="AddToCart"');
        expect(await (await fetch(`${server.url}/cart`)).text()).toContain('data-island="CartPage"');
        expect(await (await fetch(`${server.url}/contact`)).text()).toContain('data-island="FormBlock"');
      });

      it("runs the template's inline scripts: every inline script element of a page carries the response's nonce", async () => {
        for (const path of ['/', '/shop', '/lessons/indigo-basics']) {
          const response = await fetch(server.url + path);
          const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
          const tags = (await response.text()).match(/<script\b[^>]*>/gi) ?? [];
          // Files of this origin (the folder's scripts) run under 'self', and JSON data blocks do not run.
          const inline = tags.filter((tag) => !/\bsrc="\//.test(tag) && !/type="application\/(ld\+)?json"/.test(tag));
          expect(inline.filter((tag) => !tag.includes(`nonce="${nonce}"`)), path).toEqual([]);
        }
      });

      it('answers ?format=json with the platform-shaped context', async () => {
        const context = await (await fetch(`${server.url}/lessons/indigo-basics?format=json`)).json() as Record<string, any>;
        expect(context.item.title).toBe('Indigo Basics');
        expect(typeof context.collection.typeName).toBe('string');
        expect(context.showCart).toBe(true);
        expect(context.template.mobileStylesEnabled).toBe(true);
        expect(context).not.toHaveProperty('squarespace');
      });

      it("gives every item its record type's label, which {@|item-classes} writes as post-type-LABEL", async () => {
        for (const path of ['/lessons', '/lessons/indigo-basics', '/shop', '/gallery']) {
          // A class ending in 'post-type-' is an item whose context had no recordTypeLabel.
          expect(await (await fetch(server.url + path)).text(), path).not.toMatch(/post-type-(?=["\s])/);
        }
        const lesson = await (await fetch(`${server.url}/lessons/indigo-basics?format=json`)).json() as Record<string, any>;
        expect(lesson.item.recordTypeLabel).toBe('lesson');
        const product = await (await fetch(`${server.url}/shop/p/linen-shirt?format=json`)).json() as Record<string, any>;
        expect(product.item.recordTypeLabel).toBe('store-item');
        const gallery = await (await fetch(`${server.url}/gallery?format=json`)).json() as Record<string, any>;
        expect(gallery.collection.typeName).toBe('gallery');
        // The image? and video? predicates read recordType: the gallery's images need it too.
        expect(gallery.items[0]).toMatchObject({ recordType: 2, recordTypeLabel: 'image' });
      });
    });
  }
});

/** Text as the development overlay writes it into its markup. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

describe.skipIf(folders.length === 0)('real developer templates in development', () => {
  // These copies lack their styles/, scripts/ and assets/: a page loads files that are not there.
  it('warns over the page, placed as tmpl check places them, of the stylesheets, scripts and assets it loads that the folder lacks, as tmpl render does', async () => {
    for (const dir of folders) {
      const server = await startServer({ templateDir: dir, dev: true });
      try {
        // tmpl render DIR of the page's own context: the warnings of the files the page used
        const context = await (await fetch(`${server.url}/?format=json`)).json() as Json;
        const expected = renderFolderPage(dir, '/', context).warnings;
        expect(expected.length, dir).toBeGreaterThan(0);
        const html = await (await fetch(`${server.url}/`)).text();
        for (const problem of expected) {
          expect(html, dir).toContain(`<span class="where">${placeOf(problem)}</span> <span class="message">${escapeHtml(problem.message)}</span>`);
        }
      } finally {
        await server.stop(true);
      }
    }
  });
});

if (folders.length === 0) {
  describe('real developer templates', () => {
    it.skip('skipped: ../shared/real-templates is absent', () => {});
  });
}
