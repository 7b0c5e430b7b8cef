/**
 * Product files' uploads take room before their bytes are read: beyond the uploads one process
 * receives at once another is refused with 503 and Retry-After, and one is refused with 507
 * when the disk has less free space than it declares, the others' in flight and a margin. The
 * place is given back as each answer ends. The admin's upload call refuses, before writing
 * anything, a file the disk has no room for.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import {
  freeBytesAt, PRODUCT_FILE_UPLOADS_AT_ONCE, PRODUCT_FILES_BUSY_RETRY_AFTER_SECONDS, productFileUploadRoom, type UploadRoomOptions,
} from '../../../server/admin/product-file-upload-room.ts';
import { HttpError } from '../../../server/security/http-error.ts';

/** A server whose uploads wait, once past their room, until `release()`. */
async function heldUploads(options: UploadRoomOptions) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const app = express();
  app.post('/file', productFileUploadRoom('/nowhere', options), (req, res) => {
    req.resume();
    void gate.then(() => res.status(201).json({ stored: true }));
  });
  const errors: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = err instanceof HttpError ? err.status : 500;
    res.status(status).json({ message: err instanceof Error ? err.message : String(err), ...(err instanceof HttpError ? err.extra : {}) });
  };
  app.use(errors);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
  return {
    send: (bytes: number | 'chunked') => fetch(url, {
      method: 'POST',
      body: bytes === 'chunked' ? new Blob(['x']).stream() : Buffer.alloc(bytes),
      ...(bytes === 'chunked' ? { duplex: 'half' } : {}),
    } as RequestInit),
    release,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Lets the requests sent so far reach the server and take their places. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('uploads in flight', () => {
  it(`refuses one beyond ${PRODUCT_FILE_UPLOADS_AT_ONCE} with 503 and Retry-After, and takes one again once a place is free`, async () => {
    const server = await heldUploads({ maxBytes: 10_000, freeBytes: async () => Number.MAX_SAFE_INTEGER });
    try {
      const held = Array.from({ length: PRODUCT_FILE_UPLOADS_AT_ONCE }, () => server.send(100));
      await settle();
      const refused = await server.send(100);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(PRODUCT_FILES_BUSY_RETRY_AFTER_SECONDS));
      expect(await refused.json()).toMatchObject({ message: ADMIN.server.productFilesBusy, fieldErrors: { file: ADMIN.server.productFilesBusy } });
      server.release();
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(Array(PRODUCT_FILE_UPLOADS_AT_ONCE).fill(201));
      expect((await server.send(100)).status).toBe(201);
    } finally {
      server.release();
      await server.close();
    }
  });
});

describe('free space on the disk', () => {
  it('refuses with 507 an upload the disk has no room for, counting the others in flight and the margin', async () => {
    const server = await heldUploads({ maxBytes: 10_000, marginBytes: 100, freeBytes: async () => 1_500 });
    try {
      const first = server.send(1_000);
      await settle();
      const second = await server.send(1_000);
      expect(second.status).toBe(507);
      expect(await second.json()).toMatchObject({ message: ADMIN.server.productFileNoRoom, fieldErrors: { file: ADMIN.server.productFileNoRoom } });
      // without a declared length it is counted as the largest file taken
      server.release();
      expect((await first).status).toBe(201);
      expect((await server.send('chunked')).status).toBe(507);
      expect((await server.send(1_000)).status).toBe(201);
    } finally {
      server.release();
      await server.close();
    }
  });

  it("reads the free space of a folder not made yet from the nearest one there is", async () => {
    expect(await freeBytesAt(join(tmpdir(), 'not', 'made', 'yet'))).toBeGreaterThan(0);
  });
});

describe("the admin's upload of a product's file", () => {
  let filesDir: string;
  let close: () => Promise<unknown> = async () => {};
  afterEach(async () => {
    await close();
    vi.doUnmock('node:fs/promises');
    vi.resetModules();
  });
  beforeAll(() => {
    filesDir = mkdtempSync(join(tmpdir(), 'product-files-room-'));
  });
  afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

  it('is refused with 507 before anything is written when the disk is full', async () => {
    // a disk with no free block; loaded afresh after the mock, as the suites share their workers
    vi.resetModules();
    vi.doMock('node:fs/promises', async (importOriginal) => {
      const actual = await importOriginal<typeof import('node:fs/promises')>();
      return { ...actual, statfs: async (...args: Parameters<typeof actual.statfs>) => ({ ...(await actual.statfs(...args)), bavail: 0 }) };
    });
    const { startPlatformServer } = await import('../helpers/platform-server.ts');
    const { upload } = await import('./admin-helpers.ts');
    const { seededProduct } = await import('../helpers/fixtures.ts');
    const server = await startPlatformServer({ productFilesDir: filesDir });
    // the demo guide's seeded PDF, there before the upload
    const seeded = readdirSync(filesDir);
    expect(seeded).toHaveLength(1);
    close = () => server.stop(true);
    const owner = await server.signInOwner();
    const guide = seededProduct('natural-dye-guide');
    const answer = await upload(owner, `/api/admin/products/${guide.id}/file`, { bytes: Buffer.from('a guide'), name: 'guide.pdf', type: 'application/pdf' }, {}, 'file');
    expect(answer.status).toBe(507);
    expect(answer.body.message).toBe(ADMIN.server.productFileNoRoom);
    expect(readdirSync(filesDir)).toEqual(seeded);
  });
});
