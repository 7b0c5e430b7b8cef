/**
 * Resized copies of uploaded images: made at upload at the platform's widths not larger than
 * the original, `?format=Nw` answering the nearest copy at least N wide (else the original) with
 * the original's type and cache headers, no metadata in a copy (EXIF GPS included), the EXIF
 * orientation applied, pictures of more than 50 megapixels refused, copies deleted with their
 * image, and images uploaded before copies existed getting theirs on first request.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { fillMessage } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { productInput, TINY_PNG, upload } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
let product: { id: string; urlSlug: string; variants: unknown[] };

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'image-copies-'));
  server = await startPlatformServer({ uploadsDir: uploads });
  owner = await server.signInOwner();
  const created = await owner.post<{ product: typeof product }>('/api/admin/products', productInput({
    title: 'Linen Apron', variantOptions: [], variants: [{ sku: 'APRON-1', priceCents: 4500, qtyInStock: 4, attributes: {} }],
  }));
  expect(created.status, created.text).toBe(201);
  product = created.body.product;
});
afterAll(async () => {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
});

const imagesUrl = () => `/api/admin/products/${product.id}/images`;

/** A photo-like JPEG (soft noise, which compresses as a photo does) with a camera's EXIF and GPS position. */
async function photo(width: number, height: number, orientation?: number): Promise<Buffer> {
  const grain = await sharp({ create: { width: Math.ceil(width / 4), height: Math.ceil(height / 4), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).png().toBuffer();
  const image = sharp(grain).resize({ width, height, fit: 'fill' })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Pocket 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 12/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 40/1' } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 90 }).toBuffer();
}

async function uploadImage(bytes: Buffer, name: string, type: string) {
  const answer = await upload(owner, imagesUrl(), { bytes, name, type });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.image as { id: string; assetUrl: string; originalSize: string; contentType: string; byteSize: number };
}

async function fetchImage(path: string) {
  const answer = await fetch(`${server.url}${path}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  return { answer, bytes, meta: answer.status === 200 ? await sharp(bytes).metadata() : undefined };
}

const filesOf = (assetUrl: string) => {
  const stem = assetUrl.split('/').pop()!.split('.')[0]!;
  return readdirSync(uploads).filter((file) => file.startsWith(stem)).sort();
};

describe('a large JPEG uploaded by the owner', () => {
  let original: Buffer;
  /** The original as kept: its EXIF (camera, GPS) removed at upload (image-metadata.test.ts). */
  let stored: Buffer;
  let image: Awaited<ReturnType<typeof uploadImage>>;

  beforeAll(async () => {
    original = await photo(3000, 2000);
    image = await uploadImage(original, 'IMG_0001.JPG', 'image/jpeg');
  }, 60_000);

  it('is kept without its metadata, with a copy at each platform width up to its own beside it', async () => {
    expect(image.originalSize).toBe('3000x2000');
    const name = image.assetUrl.split('/').pop()!;
    stored = readFileSync(join(uploads, name));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const stem = name.replace(/\.jpg$/, '');
    expect(filesOf(image.assetUrl)).toEqual([name, ...[100, 1000, 1500, 2500, 300, 500, 750].map((w) => `${stem}.${w}w.jpg`)].sort());
  });

  it('answers ?format=Nw with the nearest copy at least N wide, else the original, typed and cached like it', async () => {
    const plain = await fetchImage(image.assetUrl);
    expect(plain.bytes.equals(stored)).toBe(true);
    const cache = plain.answer.headers.get('cache-control');
    expect(cache).toMatch(/max-age=\d+/);
    const expected: Array<[string, number]> = [
      ['100w', 100], ['50w', 100], ['101w', 300], ['300w', 300], ['400w', 500], ['500w', 500], ['750w', 750],
      ['1000w', 1000], ['1200w', 1500], ['1500w', 1500], ['2500w', 2500], ['2501w', 3000], ['3000w', 3000], ['99999w', 3000],
    ];
    let previous = 0;
    for (const [format, width] of expected) {
      const { answer, bytes, meta } = await fetchImage(`${image.assetUrl}?format=${format}`);
      expect(answer.status, format).toBe(200);
      expect(answer.headers.get('content-type'), format).toBe('image/jpeg');
      expect(answer.headers.get('cache-control'), format).toBe(cache);
      expect([meta!.width, meta!.height], format).toEqual([width, Math.round((width * 2) / 3)]);
      if (width === 3000) {
        expect(bytes.equals(stored), format).toBe(true);
      } else {
        expect(bytes.length, format).toBeLessThan(original.length);
        expect(bytes.length, format).toBeGreaterThanOrEqual(previous);
        previous = bytes.length;
      }
    }
    // the 100w a gallery thumbnail asks for is a few kilobytes, not the 3000 px original
    expect((await fetchImage(`${image.assetUrl}?format=100w`)).bytes.length).toBeLessThan(20_000);
    // what is not a width serves the original, as before
    for (const format of ['original', 'json', '0w', 'w', '-5w', '1e3w']) {
      expect((await fetchImage(`${image.assetUrl}?format=${format}`)).bytes.equals(stored), format).toBe(true);
    }
  });

  it('strips the metadata (the camera, its GPS position) from every copy', async () => {
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('TestCam');
    for (const width of [100, 300, 500, 750, 1000, 1500, 2500]) {
      const { meta } = await fetchImage(`${image.assetUrl}?format=${width}w`);
      expect(meta!.exif, `${width}w`).toBeUndefined();
      expect(meta!.xmp, `${width}w`).toBeUndefined();
      expect(meta!.iptc, `${width}w`).toBeUndefined();
      expect(meta!.icc, `${width}w`).toBeUndefined();
      expect(meta!.orientation, `${width}w`).toBeUndefined();
    }
  });

  it('lists the widths on the product card as srcset with sizes', async () => {
    const shop = await new Visitor(server.url).get('/shop');
    const card = shop.text.match(/<img src="([^"]+)"[^>]*>/g)!.find((tag) => tag.includes(image.assetUrl))!;
    expect(card).toBeDefined();
    const srcset = card.match(/ srcset="([^"]+)"/)![1]!;
    expect(srcset.split(',')).toEqual([100, 300, 500, 750, 1000, 1500, 2500].map((w) => `${image.assetUrl}?format=${w}w ${w}w`));
    expect(card).toMatch(/ sizes="\(max-width: 432px\) 50vw, [^"]+"/);
    expect(card).toContain('loading="lazy"');
  });

  it('opens the product page with the first gallery picture loaded at once, its srcset the copies, the rest lazy', async () => {
    await uploadImage(await photo(600, 400), 'back.jpg', 'image/jpeg');
    const page = await new Visitor(server.url).get(`/shop/p/${product.urlSlug}`);
    expect(page.status).toBe(200);
    const slides = [...page.text.matchAll(/<figure class="gallery__slide"[\s\S]*?<img ([^>]*)>/g)].map((found) => found[1]!);
    expect(slides).toHaveLength(2);
    expect(slides[0]).toContain(`src="${image.assetUrl}"`);
    expect(slides[0]).toContain('loading="eager"');
    // (the island's markup spells React's names, fetchPriority and srcSet: HTML reads them alike)
    expect(slides[0]).toMatch(/ fetchpriority="high"/i);
    expect(slides[0]).toContain(`${image.assetUrl}?format=2500w 2500w`);
    expect(slides[1]).toContain('loading="lazy"');
    expect(slides[1]).not.toMatch(/fetchpriority="high"/i);
    expect(page.text).toContain(`src="${image.assetUrl}?format=100w"`);
  });
});

describe('other uploads', () => {
  it('turns a JPEG the way its EXIF orientation says, and records the size as shown', async () => {
    // stored 600×400 landscape, shown rotated a quarter turn: 400×600 portrait
    const image = await uploadImage(await photo(600, 400, 6), 'portrait.jpg', 'image/jpeg');
    expect(image.originalSize).toBe('400x600');
    const { meta } = await fetchImage(`${image.assetUrl}?format=300w`);
    expect([meta!.width, meta!.height, meta!.orientation]).toEqual([300, 450, undefined]);
    // 500w is more than the 400 px it is wide: none made, the original answers (turned at upload)
    expect(filesOf(image.assetUrl)).toHaveLength(3);
    const original = (await fetchImage(`${image.assetUrl}?format=500w`)).meta!;
    expect([original.width, original.height, original.orientation]).toEqual([400, 600, undefined]);
  });

  it('keeps PNG and WebP in their format', async () => {
    const png = await uploadImage(await sharp({ create: { width: 800, height: 600, channels: 4, background: '#c0a07080' } }).png().toBuffer(), 'a.png', 'image/png');
    const pngCopy = await fetchImage(`${png.assetUrl}?format=400w`);
    expect(pngCopy.answer.headers.get('content-type')).toBe('image/png');
    expect([pngCopy.meta!.format, pngCopy.meta!.width, pngCopy.meta!.height, pngCopy.meta!.hasAlpha]).toEqual(['png', 500, 375, true]);
    const webp = await uploadImage(await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#405060' } }).webp().toBuffer(), 'a.webp', 'image/webp');
    const webpCopy = await fetchImage(`${webp.assetUrl}?format=1000w`);
    expect(webpCopy.answer.headers.get('content-type')).toBe('image/webp');
    expect([webpCopy.meta!.format, webpCopy.meta!.width]).toEqual(['webp', 1000]);
  });

  it('leaves a GIF as uploaded: every width answers the original', async () => {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#806040' } }).gif().toBuffer();
    const gif = await uploadImage(bytes, 'a.gif', 'image/gif');
    expect(filesOf(gif.assetUrl)).toHaveLength(1);
    const { answer, bytes: served } = await fetchImage(`${gif.assetUrl}?format=100w`);
    expect(answer.headers.get('content-type')).toBe('image/gif');
    expect(served.equals(bytes)).toBe(true);
  });

  it('refuses a picture of more than 50 megapixels, and one whose pixels do not decode, keeping nothing', async () => {
    const before = readdirSync(uploads).sort();
    // a PNG whose header says 10000 × 6000 (60 megapixels)
    const huge = Buffer.from(TINY_PNG);
    huge.writeUInt32BE(10000, 16);
    huge.writeUInt32BE(6000, 20);
    const refused = await upload(owner, imagesUrl(), { bytes: huge, name: 'huge.png', type: 'image/png' });
    expect(refused.status).toBe(413);
    const message = fillMessage(ADMIN.server.imageTooManyPixels, { width: 10000, height: 6000, max: 50 });
    expect(refused.body).toMatchObject({ message, fieldErrors: { image: message } });
    expect(message).toContain('10000 × 6000');
    // a JPEG cut in half: its header reads, its pixels do not
    const whole = await photo(1200, 800);
    const cut = await upload(owner, imagesUrl(), { bytes: whole.subarray(0, whole.length / 2), name: 'cut.jpg', type: 'image/jpeg' });
    expect(cut.status).toBe(400);
    expect(cut.body).toMatchObject({ fieldErrors: { image: ADMIN.server.imageUndecodable } });
    expect(readdirSync(uploads).sort()).toEqual(before);
  });

  it('gives an image uploaded before copies existed its copies on the first request of a width, once', async () => {
    const bytes = await photo(1600, 1200);
    const name = 'abcdef0123456789abcdef01.jpg';
    writeFileSync(join(uploads, name), bytes);
    // that request gets the original, as before (without its EXIF, image-metadata.test.ts); the copies are made behind it
    const first = await fetchImage(`/uploads/${name}?format=300w`);
    expect([first.meta!.width, first.meta!.exif]).toEqual([1600, undefined]);
    const expected = [name, ...[100, 1000, 1500, 300, 500, 750].map((w) => `abcdef0123456789abcdef01.${w}w.jpg`)].sort();
    for (let tries = 0; tries < 300 && filesOf(`/uploads/${name}`).length < expected.length; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(filesOf(`/uploads/${name}`)).toEqual(expected);
    const served = await fetchImage(`/uploads/${name}?format=300w`);
    expect([served.meta!.width, served.meta!.height, served.meta!.exif]).toEqual([300, 225, undefined]);
    expect((await fetchImage(`/uploads/${name}?format=2500w`)).bytes.equals(first.bytes)).toBe(true);
    for (const file of expected) rmSync(join(uploads, file));
    // a name with no file behind it is a 404, and makes nothing
    expect((await fetch(`${server.url}/uploads/00000000000000000000beef.jpg?format=100w`)).status).toBe(404);
  });
});

describe('removing images', () => {
  it('deletes an image\'s copies with it, and a product\'s with the product', async () => {
    const first = await uploadImage(await photo(1200, 800), 'one.jpg', 'image/jpeg');
    const second = await uploadImage(await photo(900, 600), 'two.jpg', 'image/jpeg');
    expect(filesOf(first.assetUrl)).toHaveLength(6);
    expect(filesOf(second.assetUrl)).toHaveLength(5);
    const editor = await owner.get<{ product: { images: Array<{ id: string; altText: string }>; variants: unknown[] } }>(`/api/admin/products/${product.id}`);
    const kept = editor.body.product.images.filter((image) => image.id !== first.id);
    const saved = await owner.put(`/api/admin/products/${product.id}`, productInput({
      title: 'Linen Apron', variantOptions: [], variants: editor.body.product.variants, images: kept.map(({ id, altText }) => ({ id, altText })),
    }));
    expect(saved.status, saved.text).toBe(200);
    expect(filesOf(first.assetUrl)).toEqual([]);
    expect(filesOf(second.assetUrl)).toHaveLength(5);
    const all = (await owner.get<{ product: { images: Array<{ assetUrl: string }> } }>(`/api/admin/products/${product.id}`)).body.product.images;
    expect(all.length).toBeGreaterThan(3);
    const deleted = await owner.request('DELETE', `/api/admin/products/${product.id}`);
    expect(deleted.status).toBe(200);
    for (const image of all) expect(filesOf(image.assetUrl), image.assetUrl).toEqual([]);
    expect(readdirSync(uploads)).toEqual([]);
  });
});
