/**
 * All the image work of a process takes turns in one line (image-work.ts): an upload, cleaning
 * the metadata of an old image and making an old image's missing copies never run at once, so a
 * process decodes one large photo at a time. Uploads keep their refusal past those waiting;
 * background work is never refused, and however much of it waits, an upload waits behind at most
 * one job of each kind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageWork, imageWorkQueue } from '../../../server/admin/image-work.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

/** A response for queue calls made outside a request: only its headers are set. */
const headersOnly = { set: () => undefined } as unknown as Response;

/** A job that counts how many jobs run at once, and says when it ran. */
function counted(order: string[], state: { running: number; most: number }, name: string, waitMs = 5) {
  return async () => {
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    state.running -= 1;
    order.push(name);
    return name;
  };
}

describe('the turns of a process\'s image work', () => {
  it('runs uploads and each kind of background work one at a time, all together', async () => {
    const queue = imageWorkQueue(1, 2);
    const cleaning = queue.backgroundLine();
    const copies = queue.backgroundLine();
    const state = { running: 0, most: 0 };
    const order: string[] = [];
    await Promise.all([
      queue.admit(headersOnly).run(counted(order, state, 'upload 1')),
      cleaning(counted(order, state, 'clean 1')),
      copies(counted(order, state, 'copies 1')),
      cleaning(counted(order, state, 'clean 2')),
      queue.admit(headersOnly).run(counted(order, state, 'upload 2')),
    ]);
    expect(state.most).toBe(1);
    expect(order).toHaveLength(5);
  });

  it('never refuses background work, and does not count it against the uploads that may wait', async () => {
    const queue = imageWorkQueue(1, 2);
    const copies = queue.backgroundLine();
    let release = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const state = { running: 0, most: 0 };
    const order: string[] = [];
    const running = queue.admit(headersOnly).run(() => gate);
    const background = Array.from({ length: 20 }, (_, n) => copies(counted(order, state, `copies ${n + 1}`, 0)));
    const uploads = [1, 2].map((n) => queue.admit(headersOnly).run(counted(order, state, `upload ${n}`, 0)));
    expect(() => queue.admit(headersOnly)).toThrow(expect.objectContaining({ status: 503 }));
    release();
    await Promise.all([running, ...background, ...uploads]);
    // the uploads went after at most one job of the copies' line, not after all twenty
    expect(order.indexOf('upload 2')).toBeLessThan(order.indexOf('copies 2'));
    expect(order).toHaveLength(22);
  });
});

describe('an old image asked for while an upload is being worked on', () => {
  let uploads: string;
  let server: PlatformServer;

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'image-work-turns-'));
    server = await startPlatformServer({ uploadsDir: uploads });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('is cleaned and given its copies only once the upload is done, while a clean image answers at once', async () => {
    const name = '0000000000000000000aa001.jpg';
    const clean = '0000000000000000000aa002.jpg';
    const camera = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a07050' } })
      .withExif({ IFD0: { Make: 'TestCam' } }).jpeg().toBuffer();
    writeFileSync(join(uploads, name), camera);
    writeFileSync(join(uploads, clean), await sharp({ create: { width: 200, height: 100, channels: 3, background: '#506070' } }).jpeg().toBuffer());

    let release = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const upload = imageWork.admit(headersOnly).run(() => gate);
    try {
      let answered = false;
      const asked = fetch(`${server.url}/uploads/${name}?format=300w`).then(async (answer) => {
        answered = true;
        return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
      });
      // a clean image needs no turn: it is served while the upload holds it
      expect((await fetch(`${server.url}/uploads/${clean}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(answered).toBe(false);
      expect(readFileSync(join(uploads, name)).equals(camera)).toBe(true);
      expect(readdirSync(uploads).filter((file) => file.includes('w.jpg'))).toEqual([]);

      release();
      const answer = await asked;
      expect(answer.status).toBe(200);
      expect((await sharp(answer.bytes).metadata()).exif).toBeUndefined();
      const copies = () => readdirSync(uploads).filter((file) => file.startsWith('0000000000000000000aa001.') && file.includes('w.jpg'));
      for (let tries = 0; tries < 200 && copies().length < 4; tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(copies().sort()).toEqual([100, 300, 500, 750].map((width) => `0000000000000000000aa001.${width}w.jpg`));
    } finally {
      release();
      await upload;
    }
  });
});
