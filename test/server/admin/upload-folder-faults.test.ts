/**
 * An upload whose folder refuses the write is the server's fault, not the owner's file's: a full
 * disk answers 507 in the free-space words, a folder that cannot be written (read-only, not the
 * server's, a file where the folder should be) 500 saying it is the server's folder, each logged
 * at error level naming the folder and its setting; nothing of the upload is left in the folder
 * (no partial file, no copy) and nothing is recorded. Only pixels that do not decode say the
 * image could not be read. The file system's errors are injected (the tests may run as root, for
 * whom chmod changes nothing), or the folder is replaced by a file.
 */
import { readdirSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'node:http';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { ADMIN } from '../../../client/lib/admin-messages.ts';

/** The next write of an upload's file fails with this code (after `after` writes succeed); null: none fail. */
let failing: { code: string; after: number } | null = null;

function fsError(code: string, path: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected, ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

/** Whether this write fails, counting it. */
function failsNow(): string | null {
  if (failing === null) return null;
  if (failing.after > 0) {
    failing.after -= 1;
    return null;
  }
  return failing.code;
}

// The failures are injected into Node's own fs functions, whose ES module bindings follow the
// CommonJS objects once syncBuiltinESMExports is called: vi.mock would not reach the server's
// modules here, which the node suites' shared workers have loaded already for an earlier file.
const require = createRequire(import.meta.url);
const fsModule = require('node:fs') as typeof import('node:fs');
const fsPromises = require('node:fs/promises') as typeof import('node:fs/promises');
const realWriteFile = fsPromises.writeFile;
const realCreateWriteStream = fsModule.createWriteStream;

// an image's original and copies are written with fs/promises' writeFile (image-copies.ts)
async function failingWriteFile(...args: Parameters<typeof realWriteFile>): Promise<void> {
  const path = String(args[0]);
  const code = /\.tmp$/.test(path) ? failsNow() : null;
  if (code !== null) {
    // as a full disk does: the file is made, part of it written, then the write fails
    await realWriteFile(path, 'part of it', { flag: 'wx' });
    throw fsError(code, path, 'write');
  }
  return realWriteFile(...args);
}

// a product file is written as it arrives: the write stream fails after its first chunk
function failingCreateWriteStream(...args: Parameters<typeof realCreateWriteStream>): ReturnType<typeof realCreateWriteStream> {
  const path = String(args[0]);
  const code = /\.tmp$/.test(path) ? failsNow() : null;
  const real = realCreateWriteStream(...args);
  if (code === null) return real;
  let chunks = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks += 1;
      if (chunks > 1) {
        done(fsError(code, path, 'write'));
        return;
      }
      real.write(chunk, done);
    },
    destroy(error, done) {
      real.destroy();
      real.once('close', () => done(error));
    },
  });
  return Object.assign(stream, { get bytesWritten() { return real.bytesWritten; } }) as unknown as ReturnType<typeof realCreateWriteStream>;
}

beforeAll(() => {
  fsPromises.writeFile = failingWriteFile as typeof realWriteFile;
  fsModule.createWriteStream = failingCreateWriteStream;
  syncBuiltinESMExports();
});
afterAll(() => {
  fsPromises.writeFile = realWriteFile;
  fsModule.createWriteStream = realCreateWriteStream;
  syncBuiltinESMExports();
});

const { startPlatformServer } = await import('../helpers/platform-server.ts');
const { upload, productInput } = await import('./admin-helpers.ts');
const { seededProduct } = await import('../helpers/fixtures.ts');
const { isPartialName } = await import('../../../server/admin/partial-files.ts');
const { SITE_USER_XSRF_HEADER } = await import('../../../server/security/site-user.ts');

/** A 1200 × 800 JPEG: an original and four copies (100 to 1000 px). */
const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();

let cleanUp: (() => Promise<void>) | null = null;
afterEach(async () => {
  failing = null;
  await cleanUp?.();
  cleanUp = null;
});

async function imageServer() {
  const folder = mkdtempSync(join(tmpdir(), 'upload-folder-faults-'));
  const uploads = join(folder, 'uploads');
  const server = await startPlatformServer({ uploadsDir: uploads, productFilesDir: join(folder, 'product-files') });
  cleanUp = async () => {
    await server.stop(true);
    rmSync(folder, { recursive: true, force: true });
  };
  const owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput());
  expect(created.status, created.text).toBe(201);
  const productId = created.body.product.id;
  const errors = vi.spyOn(server.app.deps.log, 'error');
  const images = async () => (await server.app.deps.store.all<{ id: number }>('SELECT id FROM product_images WHERE product_id = ?', [productId])).length;
  const send = (bytes = photo) => upload(owner, `/api/admin/products/${productId}/images`, { bytes, name: 'IMG_1.jpg', type: 'image/jpeg' }, { altText: 'x' });
  return { folder, uploads, server, send, errors, images };
}

/** The error lines logged for the operator about a folder (the request's own 5xx line left out). */
const logged = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => ({ details: call[0] as Record<string, unknown>, message: String(call[1]) }))
  .filter((line) => line.details.setting !== undefined);

describe('an image upload whose folder refuses the write', () => {
  it('answers 507 in the free-space words when the disk fills on the original, and leaves nothing', async () => {
    const { uploads, send, errors, images } = await imageServer();
    failing = { code: 'ENOSPC', after: 0 };
    const answer = await send();
    expect(answer.status).toBe(507);
    expect(answer.body).toMatchObject({ message: ADMIN.server.imageNoRoom, fieldErrors: { image: ADMIN.server.imageNoRoom } });
    expect(readdirSync(uploads)).toEqual([]);
    expect(await images()).toBe(0);
    const lines = logged(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toMatchObject({ folder: resolve(uploads), setting: 'UPLOADS_DIR', code: 'ENOSPC' });
    expect(lines[0]!.message).toContain(`uploads folder ${resolve(uploads)} (UPLOADS_DIR)`);
  });

  it('answers 507, not "could not be read", when the original fits and a resized copy does not, and removes the original and the copies made', async () => {
    const { uploads, send, errors, images } = await imageServer();
    // the original and two copies are written; the third copy meets the full disk
    failing = { code: 'EDQUOT', after: 3 };
    const answer = await send();
    expect(answer.status).toBe(507);
    expect(answer.body.message).toBe(ADMIN.server.imageNoRoom);
    expect(answer.body.message).not.toBe(ADMIN.server.imageUndecodable);
    expect(readdirSync(uploads)).toEqual([]);
    expect(await images()).toBe(0);
    expect(logged(errors)[0]!.details).toMatchObject({ setting: 'UPLOADS_DIR', code: 'EDQUOT' });
  });

  it('answers 500 saying the server\'s folder cannot be written when it is read-only, logged with the folder and UPLOADS_DIR', async () => {
    const { uploads, send, errors, images } = await imageServer();
    failing = { code: 'EROFS', after: 0 };
    const answer = await send();
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ message: ADMIN.server.uploadsFolderUnwritable, fieldErrors: { image: ADMIN.server.uploadsFolderUnwritable } });
    expect(readdirSync(uploads)).toEqual([]);
    expect(await images()).toBe(0);
    const lines = logged(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/cannot be written \(EROFS\).*UPLOADS_DIR/);
  });

  it('answers 500 the same when a file stands where the uploads folder should be', async () => {
    const { uploads, send, errors, images } = await imageServer();
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(uploads, 'not a folder');
    const answer = await send();
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(ADMIN.server.uploadsFolderUnwritable);
    expect(await images()).toBe(0);
    expect(logged(errors)[0]!.details).toMatchObject({ folder: resolve(uploads), setting: 'UPLOADS_DIR' });
  });

  it('still answers 400 "could not be read" for pixels that do not decode', async () => {
    const { uploads, send, errors } = await imageServer();
    const answer = await send(photo.subarray(0, Math.floor(photo.length / 2)));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(ADMIN.server.imageUndecodable);
    expect(readdirSync(uploads)).toEqual([]);
    expect(logged(errors)).toEqual([]);
  });
});

async function fileServer() {
  const folder = mkdtempSync(join(tmpdir(), 'upload-folder-faults-'));
  const productFiles = join(folder, 'product-files');
  const server = await startPlatformServer({ uploadsDir: join(folder, 'uploads'), productFilesDir: productFiles });
  cleanUp = async () => {
    await server.stop(true);
    rmSync(folder, { recursive: true, force: true });
  };
  const owner = await server.signInOwner();
  const guide = seededProduct('natural-dye-guide');
  // the demo guide's seeded PDF, there before the upload
  const seeded = readdirSync(productFiles);
  expect(seeded).toHaveLength(1);
  const errors = vi.spyOn(server.app.deps.log, 'error');
  const recorded = async () => (await server.app.deps.store.all<{ stored_name: string }>('SELECT stored_name FROM product_files')).map((row) => row.stored_name);
  const before = await recorded();
  // larger than one chunk of the stream, so the disk fills part way
  const bytes = Buffer.alloc(512 * 1024, 7);
  const send = () => upload(owner, `/api/admin/products/${guide.id}/file`, { bytes, name: 'guide.pdf', type: 'application/pdf' }, {}, 'file');
  return { productFiles, owner, send, errors, seeded, recorded, before };
}

describe("a product file's upload whose folder refuses the write", () => {
  it('answers 507 in the free-space words when the disk fills during the upload, and removes the partial file', async () => {
    const { productFiles, send, errors, seeded, recorded, before } = await fileServer();
    failing = { code: 'ENOSPC', after: 0 };
    const answer = await send();
    expect(answer.status).toBe(507);
    expect(answer.body).toMatchObject({ message: ADMIN.server.productFileNoRoom, fieldErrors: { file: ADMIN.server.productFileNoRoom } });
    expect(readdirSync(productFiles)).toEqual(seeded);
    expect(await recorded()).toEqual(before);
    const lines = logged(errors);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toMatchObject({ folder: resolve(productFiles), setting: 'PRODUCT_FILES_DIR', code: 'ENOSPC' });
  });

  it("answers 500 saying the server's folder cannot be written when it is read-only", async () => {
    const { productFiles, send, errors, seeded, recorded, before } = await fileServer();
    failing = { code: 'EACCES', after: 0 };
    const answer = await send();
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(ADMIN.server.productFilesFolderUnwritable);
    expect(readdirSync(productFiles)).toEqual(seeded);
    expect(await recorded()).toEqual(before);
    expect(logged(errors)[0]!.message).toMatch(/product-files folder .* \(PRODUCT_FILES_DIR\) cannot be written \(EACCES\)/);
  });

  it('answers 500 the same when a file stands where the product-files folder should be', async () => {
    const { productFiles, send, errors, recorded, before } = await fileServer();
    rmSync(productFiles, { recursive: true, force: true });
    writeFileSync(productFiles, 'not a folder');
    const answer = await send();
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(ADMIN.server.productFilesFolderUnwritable);
    expect(await recorded()).toEqual(before);
    expect(logged(errors)[0]!.details).toMatchObject({ setting: 'PRODUCT_FILES_DIR' });
  });
});

describe("a product file's upload cut off", () => {
  it('leaves no partial file when the client goes away mid-file, and records nothing', async () => {
    const { productFiles, owner, seeded, recorded, before } = await fileServer();
    const guide = seededProduct('natural-dye-guide');
    const boundary = 'cut-off';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guide.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const sending = request(`${owner.baseUrl}/api/admin/products/${guide.id}/file`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 4 * 1024 * 1024),
        cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': decodeURIComponent(owner.crumb),
        [SITE_USER_XSRF_HEADER]: owner.xsrfToken,
      },
    });
    sending.on('error', () => {});
    sending.write(Buffer.concat([head, Buffer.alloc(256 * 1024, 1)]));
    for (let waited = 0; !readdirSync(productFiles).some(isPartialName) && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readdirSync(productFiles).some(isPartialName)).toBe(true);
    sending.destroy();
    for (let waited = 0; readdirSync(productFiles).length > seeded.length && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readdirSync(productFiles)).toEqual(seeded);
    expect(await recorded()).toEqual(before);
  });
});
