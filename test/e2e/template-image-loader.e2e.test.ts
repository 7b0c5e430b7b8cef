/**
 * A developer template that loads its images as templates on @squarespace/core do: its script
 * forwards to the page's `window.ImageLoader`, as `Core.ImageLoader.load` does, from a
 * SimpleImageLoad-like controller over `<img {@|image-meta} data-load="false">`. The images get
 * their sources and are placed in their boxes in a real browser, and an uploaded image is served
 * as the resized copy of the width asked for.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImageCopies } from '../../server/admin/image-copies.ts';
import { newUploadName } from '../../server/admin/upload-names.ts';
import { openPage, screenshot, startFolderStorefront, type Storefront } from './harness.ts';

const uploads = mkdtempSync(path.join(tmpdir(), 'storefront-image-loader-uploads-'));
const upload = newUploadName('jpg');

function folder(): Record<string, string> {
  return {
    'template.conf': JSON.stringify({
      name: 'Images', layouts: { default: { name: 'Default', regions: ['site'] } },
      navigations: [{ name: 'mainNav', title: 'Main' }], stylesheets: ['base.less'],
    }),
    'site.region': '<!doctype html><html lang="en"><head>{squarespace-headers}</head><body>'
      + '<main>{squarespace.main-content}</main><squarespace:script src="site.js" />{squarespace-footers}</body></html>',
    'collections/products.item': '{.section item}<div sqs-controller="Template.Controllers.SimpleImageLoad">'
      + '<figure class="cover content-fill"><img {@|image-meta} data-load="false" /></figure>'
      + `<figure class="fit content-fit"><img data-src="/uploads/${upload}" data-image-dimensions="1500x1000" data-image-focal-point="0.5,0.5" data-load="false" alt="" /></figure>`
      + '</div>{.end}',
    'styles/base.less': 'figure { margin: 0; position: relative; }\n.cover { width: 300px; height: 300px; }\n.fit { width: 400px; height: 400px; }\n',
    // @squarespace/core's ImageLoader only forwards to the page's; the controller is dossier's SimpleImageLoad, shortened
    'scripts/site.js': [
      'var Core = { ImageLoader: { load: function (img, config) { return window.ImageLoader.load(img, config); } } };',
      'document.querySelectorAll(\'[sqs-controller="Template.Controllers.SimpleImageLoad"] img[data-src]\').forEach(function (image) {',
      '  var wrapper = image.parentNode;',
      '  var mode = wrapper.classList.contains("content-fill") ? "fill" : wrapper.classList.contains("content-fit") ? "fit" : null;',
      '  image.setAttribute("data-loaded", String(Core.ImageLoader.load(image, { load: true, mode: mode })));',
      '});',
    ].join('\n'),
  };
}

let store: Storefront;

beforeAll(async () => {
  const bytes = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 200, g: 90, b: 50 } } }).jpeg().toBuffer();
  writeFileSync(path.join(uploads, upload), bytes);
  await makeImageCopies(uploads, upload, bytes);
  store = await startFolderStorefront('storefront-image-loader-', folder(), { uploadsDir: uploads });
});

afterAll(async () => {
  await store?.stop();
  rmSync(uploads, { recursive: true, force: true });
});

describe("a template's images loaded through the platform's ImageLoader", () => {
  it('get their sources, fill and fit their boxes, and an upload comes as the copy of the width asked for', async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/shop/p/stoneware-mug`);
    const cover = page.locator('.cover img');
    const fit = page.locator('.fit img');
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect.poll(() => fit.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // the product's picture (the theme's, served as it is): 1500x1000 covering 300 × 300, its middle at the box's
    expect(await cover.getAttribute('data-loaded')).toBe('true');
    expect(await cover.getAttribute('src')).toBe('/theme/images/stoneware-mug.svg');
    expect(await cover.evaluate((image) => image.classList.contains('loading'))).toBe(false);
    const covered = await cover.evaluate((image) => {
      const box = image.parentElement!.getBoundingClientRect();
      const shown = image.getBoundingClientRect();
      return { width: shown.width, height: shown.height, left: shown.left - box.left, top: shown.top - box.top, overflow: getComputedStyle(image.parentElement!).overflow };
    });
    expect(covered).toEqual({ width: 450, height: 300, left: -75, top: 0, overflow: 'hidden' });

    // the upload fits 400 × 400 at 400 × 267 in the middle: 400 px wide needs the 500w copy, which is what came
    expect(await fit.getAttribute('src')).toBe(`/uploads/${upload}?format=500w`);
    const fitted = await fit.evaluate((image: HTMLImageElement) => {
      const box = image.parentElement!.getBoundingClientRect();
      const shown = image.getBoundingClientRect();
      return { width: shown.width, height: Math.round(shown.height), top: Math.round(shown.top - box.top), naturalWidth: image.naturalWidth };
    });
    expect(fitted).toEqual({ width: 400, height: 267, top: 67, naturalWidth: 500 });
    await screenshot(page, 'template-image-loader');

    // a wider box asks for a wider copy on the next call, as a template's resize handler makes it
    await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.fit')!;
      box.style.width = '1200px';
      box.style.height = '1200px';
      (window as unknown as { ImageLoader: { load: (image: Element, options: object) => boolean } }).ImageLoader.load(box.querySelector('img')!, { load: true, mode: 'fit' });
    });
    await expect.poll(() => fit.evaluate((image: HTMLImageElement) => image.complete ? image.naturalWidth : 0)).toBe(1500);
    expect(store.consoleErrors).toEqual([]);
    await page.close();
  });
});
