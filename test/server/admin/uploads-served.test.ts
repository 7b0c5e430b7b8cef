/**
 * /uploads/ answers the images the store wrote there, and nothing else the folder holds: not a
 * file of another name or type (a database put there by hand), not one in a subfolder, not a
 * symbolic link (to a file outside the folder), each with the plain 404 of a missing file.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { COPY_WIDTHS, copyName, isUploadedOriginal, isUploadName, newUploadName, UPLOAD_EXTENSIONS } from '../../../server/admin/upload-names.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

const ORIGINAL = '0123456789abcdef01234567.png';
const COPY = '0123456789abcdef01234567.100w.png';
const LINKED = 'fedcba9876543210fedcba98.png';

let server: PlatformServer;
let root: string;
let uploads: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'uploads-served-'));
  uploads = join(root, 'uploads');
  mkdirSync(join(uploads, 'sub'), { recursive: true });
  const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } }).png().toBuffer();
  const small = await sharp(picture).resize({ width: 100 }).png().toBuffer();
  writeFileSync(join(uploads, ORIGINAL), picture);
  writeFileSync(join(uploads, COPY), small);
  writeFileSync(join(uploads, 'sub', ORIGINAL), picture);
  writeFileSync(join(uploads, 'store.db'), 'SQLite format 3\0');
  writeFileSync(join(uploads, '0123456789abcdef01234567.txt'), 'notes');
  writeFileSync(join(root, 'outside.png'), picture);
  writeFileSync(join(root, 'outside.txt'), 'a secret beside the folder');
  symlinkSync(join(root, 'outside.png'), join(uploads, LINKED));
  symlinkSync(join(root, 'outside.txt'), join(uploads, 'link.jpg'));
  server = await startPlatformServer({ uploadsDir: uploads, productFilesDir: join(root, 'product-files') });
});
afterAll(async () => {
  await server.stop(true);
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${server.url}${path}`);

describe('the uploads folder as /uploads/ serves it', () => {
  it('serves an uploaded image and its resized copy, with their caching', async () => {
    const original = await get(`/uploads/${ORIGINAL}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('public, max-age=3600');
    const copy = await get(`/uploads/${ORIGINAL}?format=100w`);
    expect(copy.status).toBe(200);
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(100);
    expect((await get(`/uploads/${COPY}`)).status).toBe(200);
  });

  it.each([
    ['a file of another name', '/uploads/store.db'],
    ['a name of the store with another extension', '/uploads/0123456789abcdef01234567.txt'],
    ['a file in a subfolder', `/uploads/sub/${ORIGINAL}`],
    ['a subfolder itself', '/uploads/sub'],
    ['a link named as an image, to a picture outside', `/uploads/${LINKED}`],
    ['a link to a file outside', '/uploads/link.jpg'],
    ['a link asked for a copy', `/uploads/${LINKED}?format=100w`],
    ['an image that is not there', '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png'],
  ])('answers %s with the plain 404 of a missing file', async (_what, path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe(serverMessages.fileNotFound);
  });
});

describe('the names the store gives uploads', () => {
  it('are the names /uploads/ serves: every type an original is stored as, and each of its copies', () => {
    for (const extension of Object.values(UPLOAD_EXTENSIONS)) {
      const name = newUploadName(extension);
      expect(isUploadedOriginal(name)).toBe(true);
      expect(isUploadName(name)).toBe(true);
      for (const width of COPY_WIDTHS) expect(isUploadName(copyName(name, width))).toBe(true);
    }
    expect(isUploadName(copyName(newUploadName('png'), 123))).toBe(false);
    expect(isUploadName(`${newUploadName('png')}.db`)).toBe(false);
  });
});
