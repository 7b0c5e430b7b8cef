/**
 * An old upload cleaned of its metadata on a store that cannot write its uploads folder is served
 * from memory, turned upright: the shape it is served in is still recorded (when the database can
 * be written), its file size is not (the file is unchanged), and a read-only store records nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CleanedImage, cleanUploads as CleanUploads } from '../../../server/admin/clean-uploads.ts';

// The uploads folder refuses every new file, as one the server's user may not write. The suites
// share their worker processes, so the middleware may have been loaded with the real module by an
// earlier file: it is loaded afresh here, after the mock, and the mock is taken away after.
let cleanUploads: typeof CleanUploads;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('node:fs/promises', async (importOriginal) => {
    const actual = await importOriginal<typeof import('node:fs/promises')>();
    return {
      ...actual,
      writeFile: async (...args: Parameters<typeof actual.writeFile>) => {
        if (String(args[0]).endsWith('.tmp')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
        return actual.writeFile(...args);
      },
    };
  });
  ({ cleanUploads } = await import('../../../server/admin/clean-uploads.ts'));
});
afterAll(() => {
  vi.doUnmock('node:fs/promises');
  vi.resetModules();
});

const NAME = '000000000000000000def001.jpg';

/** A camera JPEG 600 wide whose EXIF orientation asks for a quarter turn. */
async function sidewaysPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#a07050' } })
    .withExif({ IFD0: { Make: 'TestCam' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

describe('an old upload cleaned in memory', () => {
  let dir: string;
  let stored: Buffer;
  let close: () => void = () => {};

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clean-uploads-'));
    stored = await sidewaysPhoto();
    writeFileSync(join(dir, NAME), stored);
  });
  afterEach(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(canWrite: boolean, recordCleaned: (name: string, cleaned: CleanedImage) => Promise<void>): Promise<string> {
    const app = express().use(cleanUploads(dir, { log: pino({ level: 'silent' }), canWrite, recordCleaned }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    close = () => server.close();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/${NAME}`;
  }

  it('has the shape it is served in recorded once, and not its file size, when its folder cannot be written', async () => {
    const recorded = vi.fn(async (_name: string, _cleaned: CleanedImage) => {});
    const url = await serve(true, recorded);
    for (const attempt of ['first', 'second']) {
      const answer = await fetch(url);
      expect(answer.status, attempt).toBe(200);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.exif], attempt).toEqual([400, 600, undefined]);
    }
    expect(readFileSync(join(dir, NAME)).equals(stored)).toBe(true);
    expect(recorded.mock.calls).toEqual([[NAME, { originalSize: '400x600', byteSize: undefined }]]);
  });

  it('records nothing on a read-only store', async () => {
    const recorded = vi.fn(async (_name: string, _cleaned: CleanedImage) => {});
    const answer = await fetch(await serve(false, recorded));
    expect(answer.status).toBe(200);
    expect(recorded).not.toHaveBeenCalled();
  });
});
