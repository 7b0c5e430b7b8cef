/**
 * A picture's srcset offers only the resized copies there are: every `?format=Nw` it lists
 * answers 200 with an image N px wide (a copy, not the original again under another name).
 * Animated WebPs and GIFs get no copies, so no srcset: on the shop's cards, on a product page's
 * single picture and in its gallery. Images uploaded before the copies made were recorded list
 * the widths their size gets until a width's first request records what was made.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProductRepository } from '../../../server/db/admin-product-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput, upload } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'image-srcset-copies-'));
  server = await startPlatformServer({ uploadsDir: uploads });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
});

async function createProduct(title: string, urlSlug: string, sku: string): Promise<string> {
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
    title, urlSlug, variantOptions: [], variants: [{ sku, priceCents: 1500, qtyInStock: 3, attributes: {} }],
  }));
  expect(created.status, created.text).toBe(201);
  return created.body.product.id;
}

async function uploadImage(productId: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const answer = await upload(owner, `/api/admin/products/${productId}/images`, { bytes, name, type });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body.image as { assetUrl: string }).assetUrl;
}

/** Two frames of `width` × `height`, as a shop's moving banner is. */
async function animatedFrames(width: number, height: number): Promise<Buffer> {
  const frame = (colour: string) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
  return sharp([await frame('#c04030'), await frame('#3040c0')], { join: { animated: true } }).gif({ delay: [100, 100], loop: 0 }).toBuffer();
}

async function animatedWebp(width: number, height: number): Promise<Buffer> {
  return sharp(await animatedFrames(width, height), { animated: true }).webp({ delay: [100, 100], loop: 0 }).toBuffer();
}

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a08060' } }).jpeg().toBuffer();
}

/** The <img> tags of a page showing `assetUrl`, whatever they are (a card, the single picture, a gallery slide). */
async function picturesOf(path: string, assetUrl: string): Promise<string[]> {
  const answer = await fetch(`${server.url}${path}`);
  expect(answer.status, path).toBe(200);
  const html = await answer.text();
  return [...html.matchAll(/<img [^>]*>/g)].map((found) => found[0]).filter((tag) => tag.includes(`src="${assetUrl}"`));
}

/** The candidates a tag's srcset lists (the island's markup spells React's srcSet: HTML reads it alike). */
function srcsetOf(tag: string): Array<{ url: string; width: number }> {
  const srcset = / srcset="([^"]*)"/i.exec(tag)?.[1];
  if (srcset === undefined) return [];
  return srcset.split(/,\s*/).map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    return { url: url!.replace(/&amp;/g, '&'), width: Number(descriptor!.replace(/w$/, '')) };
  });
}

/** Every candidate answers 200 with an image: a `?format=Nw` one is a copy N px wide, the others the original. */
async function expectEveryCandidateAnswers(tag: string, originalWidth: number): Promise<void> {
  for (const candidate of srcsetOf(tag)) {
    const answer = await fetch(`${server.url}${candidate.url}`);
    expect(answer.status, candidate.url).toBe(200);
    expect(answer.headers.get('content-type'), candidate.url).toMatch(/^image\//);
    const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    const copy = /[?&]format=(\d+)w$/.exec(candidate.url);
    expect(meta.width, candidate.url).toBe(copy ? Number(copy[1]) : originalWidth);
  }
}

/** Waits for a condition met by work the server does behind a request (copies made, then recorded). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await check()).toBe(true);
}

describe('uploads without copies', () => {
  let webp: string;
  let gif: string;
  let photo: string;

  beforeAll(async () => {
    const banner = await createProduct('Moving Banner', 'moving-banner', 'BANNER-1');
    webp = await uploadImage(banner, await animatedWebp(800, 600), 'banner.webp', 'image/webp');
    const sticker = await createProduct('Moving Sticker', 'moving-sticker', 'STICKER-1');
    gif = await uploadImage(sticker, await animatedFrames(800, 600), 'sticker.gif', 'image/gif');
    // a product whose gallery shows both, and a photo that has copies
    const set = await createProduct('Banner Set', 'banner-set', 'SET-1');
    await uploadImage(set, await animatedWebp(800, 600), 'set.webp', 'image/webp');
    await uploadImage(set, await animatedFrames(800, 600), 'set.gif', 'image/gif');
    photo = await uploadImage(set, await jpeg(800, 600), 'set.jpg', 'image/jpeg');
  }, 60_000);

  it('an animated WebP: no copy is made and no srcset offers one, on its card or its page', async () => {
    expect(readdirSync(uploads).filter((file) => file.startsWith(webp.split('/').pop()!.split('.')[0]!))).toHaveLength(1);
    const tags = [...await picturesOf('/shop', webp), ...await picturesOf('/shop/p/moving-banner', webp)];
    expect(tags).toHaveLength(2);
    for (const tag of tags) {
      expect(srcsetOf(tag), tag).toEqual([]);
      await expectEveryCandidateAnswers(tag, 800);
    }
  });

  it('a GIF: no srcset on its card or its page', async () => {
    const tags = [...await picturesOf('/shop', gif), ...await picturesOf('/shop/p/moving-sticker', gif)];
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(srcsetOf(tag), tag).toEqual([]);
  });

  it('a product gallery offers copies only of the picture that has them, each a copy its width', async () => {
    const page = await fetch(`${server.url}/shop/p/banner-set`).then((answer) => answer.text());
    const slides = [...page.matchAll(/<figure class="gallery__slide"[\s\S]*?(<img [^>]*>)/g)].map((found) => found[1]!);
    expect(slides).toHaveLength(3);
    expect(srcsetOf(slides[0]!)).toEqual([]);
    expect(srcsetOf(slides[1]!)).toEqual([]);
    expect(slides[2]).toContain(`src="${photo}"`);
    expect(srcsetOf(slides[2]!).map((candidate) => candidate.width)).toEqual([100, 300, 500, 750, 1000]);
    for (const slide of slides) await expectEveryCandidateAnswers(slide, 800);
    // the thumbnails ask for a 100w copy only of the photo
    const thumbs = [...page.matchAll(/<div class="gallery__thumbs"[\s\S]*?<\/div>/g)][0]![0];
    expect([...thumbs.matchAll(/<img src="([^"]+)"/g)].map((found) => found[1]!.includes('format=100w'))).toEqual([false, false, true]);
  });
});

describe('uploads from before the copies made were recorded', () => {
  const oldName = (stem: string, extension: string) => `${stem.padEnd(24, '0')}.${extension}`;

  async function addOldImage(productId: string, name: string, bytes: Buffer, size: string, type: string): Promise<string> {
    writeFileSync(join(uploads, name), bytes);
    await new AdminProductRepository(server.app.deps.store).addImage(productId, {
      assetUrl: `/uploads/${name}`, originalSize: size, altText: '', contentType: type, byteSize: bytes.length,
    });
    return `/uploads/${name}`;
  }

  it('an animated WebP stops offering widths once a width is first asked of it', async () => {
    const productId = await createProduct('Old Banner', 'old-banner', 'OLD-BANNER-1');
    const webp = await addOldImage(productId, oldName('a1', 'webp'), await animatedWebp(800, 600), '800x600', 'image/webp');
    // its widths follow from its size, as before: each answers the original meanwhile
    const [before] = await picturesOf('/shop/p/old-banner', webp);
    expect(srcsetOf(before!).map((candidate) => candidate.width)).toEqual([100, 300, 500, 750, 1000]);
    const first = await fetch(`${server.url}${webp}?format=300w`);
    expect([first.status, first.headers.get('content-type')]).toEqual([200, 'image/webp']);
    await eventually(async () => srcsetOf((await picturesOf('/shop/p/old-banner', webp))[0]!).length === 0);
    expect(srcsetOf((await picturesOf('/shop', webp))[0]!)).toEqual([]);
  });

  it('a photo has the copies made on request recorded, and offers each', async () => {
    const productId = await createProduct('Old Print', 'old-print', 'OLD-PRINT-1');
    const photo = await addOldImage(productId, oldName('b2', 'jpg'), await jpeg(600, 400), '600x400', 'image/jpeg');
    const recorded = async () => (await server.app.deps.store.get<{ copy_widths: string | null }>(
      'SELECT copy_widths FROM product_images WHERE asset_url = ?', [photo]))?.copy_widths;
    expect(await recorded()).toBeNull();
    await fetch(`${server.url}${photo}?format=100w`);
    await eventually(async () => (await recorded()) === '100,300,500');
    // the original and its three copies (matched by the whole stem: an upload's random name may begin with b2 too)
    const stem = oldName('b2', 'jpg').replace(/\.jpg$/, '.');
    expect(readdirSync(uploads).filter((file) => file.startsWith(stem)).sort()).toEqual(
      [`${stem}100w.jpg`, `${stem}300w.jpg`, `${stem}500w.jpg`, `${stem}jpg`]);
    // the copies, then the original at the next platform width
    const [tag] = await picturesOf('/shop/p/old-print', photo);
    expect(srcsetOf(tag!).map((candidate) => candidate.width)).toEqual([100, 300, 500, 750]);
    await expectEveryCandidateAnswers(tag!, 600);
  });
});
