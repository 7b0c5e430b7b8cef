/**
 * No uploaded image is served with the metadata a phone or an editor wrote into it (EXIF with
 * the camera and the GPS position, XMP, IPTC, PNG text, GIF comments): an upload is stored
 * without it, turned the way its EXIF orientation said and with its colour profile; one stored
 * before that is cleaned on its first request (in place, or in memory on a read-only store), and
 * one that no longer decodes is never sent as it is. Images without metadata are kept byte for
 * byte, GIF animations frame for frame.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { AdminProductRepository } from '../../../server/db/admin-product-repository.ts';
import { readContentVersion } from '../../../server/db/content-version.ts';
import { serverMessages } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput, upload } from './admin-helpers.ts';

/** What a phone writes: the camera, its serial number and where the photo was taken. */
const CAMERA_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
  IFD2: { BodySerialNumber: 'SN-4417-HOME' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 12/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 40/1' },
};
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Hometown"/></rdf:RDF></x:xmpmeta>';

/** A photo-like picture: a gradient with a little grain, so a re-encoding's loss can be measured. */
async function picture(width: number, height: number): Promise<Sharp> {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      gradient[at] = Math.round((x / width) * 255);
      gradient[at + 1] = Math.round((y / height) * 255);
      gradient[at + 2] = (x * 7 + y * 13) % 64 + 96;
    }
  }
  return sharp(gradient, { raw: { width, height, channels: 3 } });
}

/** A phone's JPEG: Display P3 profile, camera EXIF with GPS, XMP, and the orientation tag. */
async function phoneJpeg(width: number, height: number, orientation = 6): Promise<Buffer> {
  const image = (await picture(width, height)).withIccProfile('p3').withExif(CAMERA_EXIF).withMetadata({ orientation }).withXmp(XMP);
  return image.jpeg({ quality: 95 }).toBuffer();
}

/** The EXIF block points at a GPS directory (tag 0x8825, in either byte order). */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

/** Peak signal-to-noise ratio of `b` against `a` in dB (Infinity: the same pixels; above 40 no one sees a difference). */
async function psnr(a: Buffer, b: Buffer, options: { autoOrient?: boolean } = {}): Promise<number> {
  const left = await sharp(a, options).toColourspace('srgb').removeAlpha().raw().toBuffer();
  const right = await sharp(b).toColourspace('srgb').removeAlpha().raw().toBuffer();
  expect(left.length).toBe(right.length);
  let squares = 0;
  for (let i = 0; i < left.length; i += 1) squares += (left[i]! - right[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (squares / left.length));
}

/** The PNG with a chunk inserted after its header chunk. */
function withPngChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([png.subarray(0, 33), length, body, crc, png.subarray(33)]);
}

/** A two-frame animated GIF (red 100 ms, blue 200 ms, looping). */
async function animatedGif(): Promise<Buffer> {
  const red = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } }).png().toBuffer();
  const blue = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0000ff' } }).png().toBuffer();
  return sharp([red, blue], { join: { animated: true } }).gif({ delay: [100, 200], loop: 0 }).toBuffer();
}

/** The GIF with a comment and an XMP block before its first frame, and text after its trailer. */
function gifWithMetadata(gif: Buffer): Buffer {
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 20]), Buffer.from('Taken at 51.50N 0.12W', 'latin1').subarray(0, 20), Buffer.from([0])]);
  const xmp = Buffer.from(XMP, 'latin1');
  const xmpBlocks: Buffer[] = [];
  for (let at = 0; at < xmp.length; at += 255) {
    const part = xmp.subarray(at, at + 255);
    xmpBlocks.push(Buffer.from([part.length]), part);
  }
  const application = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP', 'latin1'), ...xmpBlocks, Buffer.from([0])]);
  const firstExtension = gif.indexOf(Buffer.from([0x21, 0xff]));
  return Buffer.concat([gif.subarray(0, firstExtension), comment, application, gif.subarray(firstExtension), Buffer.from('Hometown', 'latin1')]);
}

/** A stored file name like the uploads' own. */
let names = 0;
const uploadName = (extension: string) => `${(0xabc000 + (names += 1)).toString(16).padStart(24, '0')}.${extension}`;

async function served(url: string, path: string) {
  const answer = await fetch(`${url}${path}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  return { answer, bytes, meta: answer.status === 200 ? await sharp(bytes).metadata() : undefined };
}

function expectNoMetadata(meta: Metadata | undefined, bytes: Buffer, label: string): void {
  expect(meta, label).toBeDefined();
  expect(meta!.exif, label).toBeUndefined();
  expect(meta!.xmp, label).toBeUndefined();
  expect(meta!.iptc, label).toBeUndefined();
  expect(meta!.comments, label).toBeUndefined();
  expect(meta!.orientation, label).toBeUndefined();
  for (const word of ['TestCam', 'SN-4417-HOME', 'Hometown', '51.50N']) expect(bytes.includes(word), `${label}: ${word}`).toBe(false);
}

describe('an image the owner uploads', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  let uploads: string;
  let imagesUrl: string;

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'image-metadata-'));
    server = await startPlatformServer({ uploadsDir: uploads });
    owner = await server.signInOwner();
    const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title: 'Stoneware Jug', variantOptions: [], variants: [{ sku: 'JUG-1', priceCents: 3800, qtyInStock: 2, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    imagesUrl = `/api/admin/products/${created.body.product.id}/images`;
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(uploads, { recursive: true, force: true });
  });

  async function uploaded(bytes: Buffer, name: string, type: string) {
    const answer = await upload(owner, imagesUrl, { bytes, name, type });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const image = answer.body.image as { assetUrl: string; originalSize: string; byteSize: number };
    // read before anything asks for it: the file itself must be clean, not only what is served
    const stored = readFileSync(join(uploads, image.assetUrl.split('/').pop()!));
    const answered = await served(server.url, image.assetUrl);
    expect(stored.equals(answered.bytes), `${name} is stored as it is served`).toBe(true);
    return { image, stored, ...answered };
  }

  it('a phone JPEG is served without its GPS position, camera or XMP, turned upright, its colour profile and quality kept', async () => {
    const photo = await phoneJpeg(600, 400);
    const before = await sharp(photo).metadata();
    expect(hasGpsDirectory(before.exif)).toBe(true);
    expect([before.orientation, before.width, before.height, before.xmp !== undefined]).toEqual([6, 600, 400, true]);

    const { image, answer, bytes, meta, stored } = await uploaded(photo, 'IMG_2041.JPG', 'image/jpeg');
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expectNoMetadata(meta, bytes, 'served');
    expect(hasGpsDirectory(meta!.exif)).toBe(false);
    // the quarter turn the tag asked for is in the pixels now
    expect([meta!.width, meta!.height]).toEqual([400, 600]);
    expect(image.originalSize).toBe('400x600');
    expect(meta!.icc?.equals(before.icc!)).toBe(true);
    expect(await psnr(photo, bytes, { autoOrient: true })).toBeGreaterThan(38);
    // what is stored is what is served (uploaded() checks it): the position never reaches the disk
    expect(image.byteSize).toBe(bytes.length);
  });

  it('a JPEG without metadata is kept byte for byte', async () => {
    const plain = await (await picture(300, 200)).jpeg({ quality: 85 }).toBuffer();
    const { bytes } = await uploaded(plain, 'plain.jpg', 'image/jpeg');
    expect(bytes.equals(plain)).toBe(true);
  });

  it('a PNG loses its text chunks and EXIF, not a pixel; a palette PNG keeps its palette', async () => {
    const base = await (await picture(200, 120)).png().toBuffer();
    const dirty = withPngChunk(await sharp(base).withExif(CAMERA_EXIF).png().toBuffer(), 'tEXt', Buffer.from('Location\0Hometown, 51.50N 0.12W', 'latin1'));
    expect((await sharp(dirty).metadata()).comments).toEqual([{ keyword: 'Location', text: 'Hometown, 51.50N 0.12W' }]);
    const { bytes, meta } = await uploaded(dirty, 'scan.png', 'image/png');
    expectNoMetadata(meta, bytes, 'png');
    expect(await psnr(dirty, bytes)).toBe(Infinity);

    const palette = withPngChunk(await sharp({ create: { width: 64, height: 64, channels: 4, background: '#c0a07080' } }).png({ palette: true }).toBuffer(), 'tEXt', Buffer.from('Comment\0Hometown', 'latin1'));
    const paletted = await uploaded(palette, 'logo.png', 'image/png');
    expectNoMetadata(paletted.meta, paletted.bytes, 'palette png');
    expect([paletted.meta!.isPalette, paletted.meta!.hasAlpha]).toEqual([true, true]);
    expect(await psnr(palette, paletted.bytes)).toBe(Infinity);
  });

  it('a WebP loses its EXIF and XMP: a lossless one stays lossless, a lossy one is turned upright', async () => {
    const lossless = await (await picture(200, 120)).withExif(CAMERA_EXIF).withXmp(XMP).webp({ lossless: true }).toBuffer();
    const kept = await uploaded(lossless, 'a.webp', 'image/webp');
    expectNoMetadata(kept.meta, kept.bytes, 'lossless webp');
    expect(await psnr(lossless, kept.bytes)).toBe(Infinity);

    const lossy = await (await picture(300, 200)).withExif(CAMERA_EXIF).withMetadata({ orientation: 6 }).webp({ quality: 90 }).toBuffer();
    const turned = await uploaded(lossy, 'b.webp', 'image/webp');
    expectNoMetadata(turned.meta, turned.bytes, 'lossy webp');
    expect([turned.meta!.width, turned.meta!.height]).toEqual([200, 300]);
  });

  it('an animated GIF loses its comment and XMP blocks and keeps every frame, delay and its loop', async () => {
    const gif = await animatedGif();
    const dirty = gifWithMetadata(gif);
    const { answer, bytes, meta } = await uploaded(dirty, 'spin.gif', 'image/gif');
    expect(answer.headers.get('content-type')).toBe('image/gif');
    expectNoMetadata(meta, bytes, 'gif');
    expect(bytes.includes('XMP DataXMP')).toBe(false);
    // the frames are the animation's own bytes, not an encoding of them
    expect(bytes.equals(gif)).toBe(true);
    expect([meta!.pages, meta!.delay, meta!.loop]).toEqual([2, [100, 200], 0]);
  });

  it('an animated WebP loses its EXIF and stays animated', async () => {
    const frames = await animatedGif();
    const webp = await sharp(frames, { animated: true }).withExif(CAMERA_EXIF).webp({ quality: 90, delay: [100, 200], loop: 0 }).toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const { bytes, meta } = await uploaded(webp, 'spin.webp', 'image/webp');
    expectNoMetadata(meta, bytes, 'animated webp');
    expect([meta!.pages, meta!.delay]).toEqual([2, [100, 200]]);
  });

  it('a GIF whose blocks run past its end is refused, and nothing is kept', async () => {
    const gif = await animatedGif();
    const answer = await upload(owner, imagesUrl, { bytes: gif.subarray(0, gif.length - 12), name: 'cut.gif', type: 'image/gif' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { image: ADMIN.server.imageUndecodable } });
  });
});

describe('images stored with their metadata before it was removed at upload', () => {
  let server: PlatformServer;
  let uploads: string;

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'image-metadata-old-'));
    server = await startPlatformServer({ uploadsDir: uploads });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('are cleaned on their first request, in place and once', async () => {
    const name = uploadName('jpg');
    const photo = await phoneJpeg(600, 400);
    writeFileSync(join(uploads, name), photo);
    const logged = vi.spyOn(server.app.deps.log, 'info');
    try {
      const first = await served(server.url, `/uploads/${name}`);
      expect(first.answer.status).toBe(200);
      expectNoMetadata(first.meta, first.bytes, 'first request');
      expect([first.meta!.width, first.meta!.height]).toEqual([400, 600]);
      const onDisk = readFileSync(join(uploads, name));
      expect(onDisk.equals(first.bytes)).toBe(true);
      const cleanedAt = statSync(join(uploads, name)).mtimeMs;

      const again = await served(server.url, `/uploads/${name}?format=original`);
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expect(statSync(join(uploads, name)).mtimeMs).toBe(cleanedAt);
      expect(logged.mock.calls.filter(([, message]) => message === serverMessages.uploadCleanedLog)).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });

  it('have the size the admin reports updated once their file is saved again', async () => {
    const owner = await server.signInOwner();
    const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title: 'Salt Glaze Cup', urlSlug: 'salt-glaze-cup', variantOptions: [], variants: [{ sku: 'CUP-1', priceCents: 2400, qtyInStock: 4, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    const productId = created.body.product.id;
    // an image an older build stored with its metadata, and the size it had then
    const name = uploadName('jpg');
    const photo = await phoneJpeg(600, 400);
    writeFileSync(join(uploads, name), photo);
    await new AdminProductRepository(server.app.deps.store).addImage(productId, {
      assetUrl: `/uploads/${name}`, originalSize: '600x400', altText: '', contentType: 'image/jpeg', byteSize: photo.length,
    });
    const sizeOf = async () => (await owner.get<{ product: { images: Array<{ assetUrl: string; byteSize: number | null }> } }>(`/api/admin/products/${productId}`))
      .body.product.images.find((image) => image.assetUrl === `/uploads/${name}`)!.byteSize;
    expect(await sizeOf()).toBe(photo.length);

    expect((await fetch(`${server.url}/uploads/${name}`)).status).toBe(200);
    const cleaned = statSync(join(uploads, name)).size;
    expect(cleaned).not.toBe(photo.length);
    expect(await sizeOf()).toBe(cleaned);
  });

  it('turned upright, have their recorded width and height follow, on the product page and in the admin', async () => {
    const owner = await server.signInOwner();
    const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
      title: 'Ash Glaze Vase', urlSlug: 'ash-glaze-vase', variantOptions: [], variants: [{ sku: 'VASE-1', priceCents: 5200, qtyInStock: 1, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    const productId = created.body.product.id;
    // a portrait photo an older build stored as the camera wrote it: 600 wide, to be turned a quarter
    const name = uploadName('jpg');
    const photo = await phoneJpeg(600, 400, 6);
    writeFileSync(join(uploads, name), photo);
    await new AdminProductRepository(server.app.deps.store).addImage(productId, {
      assetUrl: `/uploads/${name}`, originalSize: '600x400', altText: '', contentType: 'image/jpeg', byteSize: photo.length,
    });
    const sizeInAdmin = async () => (await owner.get<{ product: { images: Array<{ assetUrl: string; originalSize: string }> } }>(`/api/admin/products/${productId}`))
      .body.product.images.find((image) => image.assetUrl === `/uploads/${name}`)!.originalSize;
    // the picture's frame on the product page and in the shop's cards, and the widths its srcset offers
    const pictureTags = async () => Promise.all(['/shop/p/ash-glaze-vase', '/shop'].map(async (path) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      return html.match(new RegExp(`<img [^>]*src="/uploads/${name}"[^>]*>`))?.[0] ?? `${path}: no picture`;
    }));
    // the pages are built (and kept) with the shape recorded at upload
    for (const tag of await pictureTags()) expect(tag).toContain('width="600" height="400"');

    const cleaned = await served(server.url, `/uploads/${name}`);
    expect([cleaned.meta!.width, cleaned.meta!.height]).toEqual([400, 600]);
    expect(await sizeInAdmin()).toBe('400x600');
    for (const tag of await pictureTags()) {
      expect(tag).toContain('width="400" height="600"');
      // its copies were made upright, so none is 500 wide
      expect(tag).not.toContain('?format=500w');
    }

    // another process cleaning the same image in memory records the same shape: the pages are kept
    const store = server.app.deps.store;
    const version = await readContentVersion(store);
    await new AdminProductRepository(store).recordCleanedImage(`/uploads/${name}`, { originalSize: '400x600' });
    expect(await readContentVersion(store)).toBe(version);
  });

  it('answer a HEAD and a range request with the cleaned bytes too', async () => {
    const name = uploadName('jpg');
    const other = uploadName('jpg');
    for (const file of [name, other]) writeFileSync(join(uploads, file), await phoneJpeg(300, 200));
    const head = await fetch(`${server.url}/uploads/${name}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const cleaned = readFileSync(join(uploads, name));
    expect(Number(head.headers.get('content-length'))).toBe(cleaned.length);
    expectNoMetadata(await sharp(cleaned).metadata(), cleaned, 'after HEAD');
    // the first 64 bytes of a JPEG hold its EXIF block, when it has one
    const range = await fetch(`${server.url}/uploads/${other}`, { headers: { range: 'bytes=0-63' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(readFileSync(join(uploads, other)).subarray(0, 64))).toBe(true);
    expect((await sharp(readFileSync(join(uploads, other))).metadata()).exif).toBeUndefined();
  });

  it('one that no longer decodes is never sent as stored: its widest copy answers, else a 404, and the file is kept', async () => {
    const warned = vi.spyOn(server.app.deps.log, 'warn');
    try {
      const whole = await phoneJpeg(600, 400);
      const broken = whole.subarray(0, Math.floor(whole.length / 2));
      const alone = uploadName('jpg');
      writeFileSync(join(uploads, alone), broken);
      const refused = await fetch(`${server.url}/uploads/${alone}`);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(serverMessages.fileNotFound);
      expect(readFileSync(join(uploads, alone)).equals(broken)).toBe(true);
      expect(warned.mock.calls.some(([fields, message]) => message === serverMessages.uploadNotCleanedLog && (fields as { image: string }).image === alone)).toBe(true);

      const withCopy = uploadName('jpg');
      writeFileSync(join(uploads, withCopy), broken);
      const copy = await (await picture(300, 200)).jpeg().toBuffer();
      writeFileSync(join(uploads, withCopy.replace('.jpg', '.300w.jpg')), copy);
      const answered = await served(server.url, `/uploads/${withCopy}`);
      expect(answered.answer.status).toBe(200);
      expect(answered.bytes.equals(copy)).toBe(true);
      // and the server carries on
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      warned.mockRestore();
    }
  });
});

describe('an image stored with its metadata, on a read-only store', () => {
  let server: RunningServer;
  let uploads: string;
  const name = uploadName('png');
  let stored: Buffer;

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'image-metadata-readonly-'));
    const writable = await startServer({ uploadsDir: uploads });
    await writable.stop();
    stored = withPngChunk(await (await picture(120, 80)).withExif(CAMERA_EXIF).png().toBuffer(), 'tEXt', Buffer.from('Comment\0Hometown', 'latin1'));
    writeFileSync(join(uploads, name), stored);
    server = await startServer({ databasePath: writable.databasePath, uploadsDir: uploads, readOnly: true });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('is served cleaned from memory, with the static files\' headers, and the file is left alone', async () => {
    for (const attempt of ['first', 'second']) {
      const { answer, bytes, meta } = await served(server.url, `/uploads/${name}`);
      expect(answer.status, attempt).toBe(200);
      expect(answer.headers.get('content-type'), attempt).toBe('image/png');
      expect(answer.headers.get('cache-control'), attempt).toBe('public, max-age=3600');
      expectNoMetadata(meta, bytes, attempt);
    }
    expect(readFileSync(join(uploads, name)).equals(stored)).toBe(true);
  });
});
