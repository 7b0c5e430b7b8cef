/**
 * Inline scripts of a developer template run under the storefront's Content-Security-Policy: the
 * folder's own `<script` elements get the page's nonce, scripts that arrive through data do not.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_NONCE_ATTRIBUTE, withScriptNonces } from '../../../server/theme/script-nonces.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';
import { BLOG, folderOf, renderPage } from './folder-fixture.ts';

describe('withScriptNonces', () => {
  it('changes only the template: a script element in the data it renders gets no nonce', () => {
    const folder = folderOf({ 'collections/blog.list': '<script>a()</script>{.repeated section items}{body}{.end}' });
    const page = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG, cspNonce: 'N', items: [{ body: '<script>b()</script>' }] });
    expect(page.html).toContain('[<script nonce="N">a()</script><script>b()</script>]');
  });

  it('gives every script element of the text the nonce instruction', () => {
    expect(withScriptNonces('<head><script>a()</script><SCRIPT src="/x.js"></SCRIPT><script\ndefer>b()</script></head>').text).toBe(
      `<head><script${SCRIPT_NONCE_ATTRIBUTE}>a()</script><SCRIPT${SCRIPT_NONCE_ATTRIBUTE} src="/x.js"></SCRIPT><script${SCRIPT_NONCE_ATTRIBUTE}\ndefer>b()</script></head>`,
    );
  });

  it('leaves data blocks as written: a script of a type the browser does not run needs no nonce', () => {
    const data = '<script type="application/ld+json">{}</script><script type=\'text/x-template\'>x</script><script type=application/json>[]</script>';
    expect(withScriptNonces(data).text).toBe(data);
    expect(withScriptNonces('<script type="text/javascript">a()</script><script type="module">b()</script>').text).toBe(
      `<script${SCRIPT_NONCE_ATTRIBUTE} type="text/javascript">a()</script><script${SCRIPT_NONCE_ATTRIBUTE} type="module">b()</script>`,
    );
    expect(withScriptNonces('<script type="{scriptType}">a()</script>').text).toBe(`<script${SCRIPT_NONCE_ATTRIBUTE} type="{scriptType}">a()</script>`);
  });

  it('keeps a nonce the author wrote, and text that only looks like a script tag', () => {
    const kept = '<script nonce="{cspNonce}">a()</script><scripts></scripts><p>&lt;script&gt;</p>';
    expect(withScriptNonces(kept).text).toBe(kept);
  });

  it('reads a script as the browser does: its text up to </script> is not searched, quoted > does not end the tag', () => {
    expect(withScriptNonces('<script data-x="a>b">document.write("<script src=y></scr" + "ipt>")</script><script>c()</script>').text).toBe(
      `<script${SCRIPT_NONCE_ATTRIBUTE} data-x="a>b">document.write("<script src=y></scr" + "ipt>")</script><script${SCRIPT_NONCE_ATTRIBUTE}>c()</script>`,
    );
  });

  it('stops at a script that never closes, after giving it the nonce', () => {
    expect(withScriptNonces('<script>a(); <script>').text).toBe(`<script${SCRIPT_NONCE_ATTRIBUTE}>a(); <script>`);
    expect(withScriptNonces('<script src="x"').text).toBe('<script src="x"');
  });

  it('knows where each offset of its text was in the file: text after a nonce maps back past it', () => {
    const source = '<p><script>a()</script>{x}';
    const edited = withScriptNonces(source);
    expect(edited.originalOffset(edited.text.indexOf('{x}'))).toBe(source.indexOf('{x}'));
    expect(edited.originalOffset(edited.text.indexOf('nonce'))).toBe('<p><script'.length);
    expect(edited.originalOffset(0)).toBe(0);
  });
});

const CONF = JSON.stringify({ name: 'Scripts', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'mainNav' }] });
const REGION = '<html><head>{squarespace-headers}<script>document.documentElement.className = "ran";</script></head>'
  + '<body id="{squarespace.page-id}"><main>{squarespace.main-content}</main>{@|apply footer.block}{squarespace-footers}</body></html>';

describe('inline scripts of a template folder', () => {
  let server: RunningServer;
  let dir = '';
  beforeAll(async () => {
    dir = writeTemplateFolder('script-nonces-', {
      'template.conf': CONF,
      'site.region': REGION,
      // A script inside a loop of a block: every repetition carries the nonce.
      'blocks/footer.block': '<footer>{.repeated section items}<script type="module">window.seen = {@index};</script>{.end}</footer>',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it("carry the response's nonce, in regions and in blocks applied in a loop", async () => {
    for (const path of ['/', '/shop']) {
      const response = await fetch(server.url + path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const html = await response.text();
      expect(nonce, path).toMatch(/^[\w-]{22}$/);
      expect(html, path).toContain(`<script nonce="${nonce}">document.documentElement.className = "ran";</script>`);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      // The template's own scripts and the page's islands carry it; the JSON data blocks need none.
      expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`) && !tag.includes('application/json')), path).toEqual([]);
    }
  });
});
