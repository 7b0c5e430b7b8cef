/**
 * Product cards show a product's picture in its own shape: a square or a portrait photo in the
 * shop grid is neither stretched nor cut, its space is reserved before it loads (no layout
 * shift), and every card of the grid has the same picture frame, at 390 and 1280 px; a product's
 * only picture on its page keeps its shape too. Screenshots of both pages at both widths go to
 * test-results/.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { productInput, upload } from '../server/admin/admin-helpers.ts';
import { SiteUserVisitor } from '../server/helpers/site-user-visitor.ts';
import { screenshot, startStorefront, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;
let uploads: string;

/** A product photo: a vase-like shape on a pale ground, with a border that a crop or stretch would show. */
async function productPhoto(width: number, height: number, colour: string): Promise<Buffer> {
  const shape = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f1ede6" stroke="#222" stroke-width="${Math.round(width / 40)}"/>
    <ellipse cx="${width / 2}" cy="${height * 0.6}" rx="${width * 0.28}" ry="${height * 0.3}" fill="${colour}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) * 0.12}" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(shape)).jpeg({ quality: 85 }).toBuffer();
}

const SHAPES = [
  { title: 'Square Bowl', sku: 'SHAPE-SQ', width: 1200, height: 1200, colour: '#2f6f8f' },
  { title: 'Tall Vase', sku: 'SHAPE-PT', width: 800, height: 1200, colour: '#8f4f2f' },
];

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'card-images-'));
  store = await startStorefront({ uploadsDir: uploads });
  const owner = await new SiteUserVisitor(store.baseUrl).signIn(OWNER_EMAIL, 'e2e-owner-password');
  for (const shape of SHAPES) {
    const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title: shape.title, categories: [], variantOptions: [], variants: [{ sku: shape.sku, priceCents: 2400, qtyInStock: 5, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    const uploaded = await upload(owner, `/api/admin/products/${created.body.product.id}/images`, {
      bytes: await productPhoto(shape.width, shape.height, shape.colour), name: `${shape.sku}.jpg`, type: 'image/jpeg',
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  }
  page = await store.newPage();
});

afterAll(async () => {
  await store?.stop();
  rmSync(uploads, { recursive: true, force: true });
});

interface CardPicture {
  title: string;
  /** The width and height attributes the page was sent with. */
  attributes: [number, number];
  natural: [number, number];
  box: { width: number; height: number; top: number };
  objectFit: string;
}

/** Every card's picture as laid out, once all have loaded. */
async function cardPictures(): Promise<CardPicture[]> {
  return page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('.product-card img'));
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images.map((image) => {
      const box = image.getBoundingClientRect();
      return {
        title: image.closest('.product-card')?.querySelector('.product-card-title')?.textContent?.trim() ?? '',
        attributes: [Number(image.getAttribute('width')), Number(image.getAttribute('height'))] as [number, number],
        natural: [image.naturalWidth, image.naturalHeight] as [number, number],
        box: { width: box.width, height: box.height, top: box.top + window.scrollY },
        objectFit: getComputedStyle(image).objectFit,
      };
    });
  });
}

/** The layout shifts the page has had since it started loading, summed as the CLS metric does. */
async function layoutShift(): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 300);
  }));
}

describe.each([390, 1280])('the shop at %i px', (width) => {
  it('shows square and portrait pictures whole, unstretched, in frames of one size, without shifting the page', async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${store.baseUrl}/shop`);
    const pictures = await cardPictures();
    for (const shape of SHAPES) {
      const picture = pictures.find((found) => found.title === shape.title);
      expect(picture, shape.title).toBeDefined();
      // the page tells the browser the picture's own shape
      expect(picture!.attributes[0] / picture!.attributes[1], shape.title).toBeCloseTo(shape.width / shape.height, 2);
      expect(picture!.natural[0] / picture!.natural[1], shape.title).toBeCloseTo(shape.width / shape.height, 2);
      // shown whole: scaled into its frame keeping its proportions, never filled (stretched) or cropped
      expect(picture!.objectFit, shape.title).toBe('contain');
    }
    // one frame size for every card: the grid's rows stay even
    const sizes = new Set(pictures.map((picture) => `${Math.round(picture.box.width)}x${Math.round(picture.box.height)}`));
    expect([...sizes], 'card picture frames').toHaveLength(1);
    expect(await layoutShift()).toBeLessThan(0.01);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `product-card-shapes-${width}`);
  });

  it('shows a product\'s only picture on its page in its own shape, its space reserved before it loads', async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${store.baseUrl}/shop`);
    const link = await page.locator('.product-card', { hasText: 'Tall Vase' }).locator('a').getAttribute('href');
    await page.goto(`${store.baseUrl}${link}`);
    const shown = await page.evaluate(async () => {
      // the page's photo (a lone photo is shown by the gallery, which opens it large)
      const image = document.querySelector<HTMLImageElement>('.product-media img')!;
      await image.decode();
      const box = image.getBoundingClientRect();
      return { attributes: [Number(image.getAttribute('width')), Number(image.getAttribute('height'))], box: [box.width, box.height] };
    });
    expect(shown.attributes[0]! / shown.attributes[1]!).toBeCloseTo(800 / 1200, 2);
    expect(shown.box[0]! / shown.box[1]!).toBeCloseTo(800 / 1200, 2);
    expect(await layoutShift()).toBeLessThan(0.01);
    await screenshot(page, `product-page-portrait-${width}`);
  });
});
