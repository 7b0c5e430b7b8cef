/**
 * The platform's `window.ImageLoader` in the pages of a developer-template folder that loads
 * scripts of its own, under the page's nonce, as the platform's other globals are.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LOADER_SCRIPT, pageScriptText } from '../../../server/theme/platform-image-loader.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

describe("the ImageLoader's page text", () => {
  it('leaves out the comment lines and the indentation, which the page does not need', () => {
    expect(pageScriptText('// why\n(function () {\n  // more\n  var a = "//kept";\n\n})();\n')).toBe('(function () {\nvar a = "//kept";\n})();');
    expect(IMAGE_LOADER_SCRIPT).not.toMatch(/^\/\//m);
  });

  it('refuses text that would end or upset the script element it goes in', () => {
    expect(() => pageScriptText('var a = "</script>";')).toThrow(/script element/);
    expect(() => pageScriptText('var a = "<!--";')).toThrow(/script element/);
  });
});

const CONF = JSON.stringify({ name: 'Images', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'mainNav' }] });
const REGION = '<!doctype html><html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>'
  + '<squarespace:script src="site.js" />{squarespace-footers}</body></html>';

describe('a developer-template page', () => {
  let server: RunningServer;
  let dir = '';
  beforeAll(async () => {
    dir = writeTemplateFolder('image-loader-', {
      'template.conf': CONF,
      'site.region': REGION,
      'scripts/site.js': 'window.ImageLoader.load(document.querySelector("img[data-src]"), { load: true, mode: "fill" });',
      'collections/products.item': '{.section item}<figure class="content-fill" sqs-controller="Template.Controllers.SimpleImageLoad">'
        + '<img {@|image-meta} data-load="false" /></figure>{.end}',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it("carries the ImageLoader in its headers, under the response's nonce, before the template's scripts", async () => {
    const response = await fetch(`${server.url}/shop/p/stoneware-mug`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const html = await response.text();
    const script = new RegExp(`<script nonce="${nonce}">((?:(?!</script>)[\\s\\S])*window\\.ImageLoader = [\\s\\S]*?)</script>`).exec(html);
    expect(script).not.toBeNull();
    expect(script!.index).toBeLessThan(html.indexOf('/scripts/site.js'));
    // the image-meta formatter's image it is for
    expect(html).toMatch(/<img data-src="[^"]+" data-image="[^"]+" data-image-dimensions="\d+x\d+" data-image-focal-point="[\d.]+,[\d.]+"/);
    // and the code defines it where the page has none
    const page: { ImageLoader?: { load: unknown; loadAll: unknown } } = {};
    new Function('window', 'location', script![1]!)(page, { href: `${server.url}/` });
    expect(typeof page.ImageLoader?.load).toBe('function');
    expect(typeof page.ImageLoader?.loadAll).toBe('function');
  });
});
