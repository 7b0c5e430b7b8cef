/**
 * How much image the admin takes: a file of up to 20 MB (a 48-megapixel phone photo), refused
 * past that with 413 in the words the product editor uses before sending; and how many it works
 * on at once in a process: one, with a few waiting, the next refused with 503 and Retry-After.
 * The files are a small picture followed by zeros (the size is counted as the bytes arrive,
 * before anything decodes them), so no large picture is made or kept.
 */
import { readdirSync } from 'node:fs';
import type { Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../../../client/lib/image-upload-limits.ts';
import {
  IMAGES_AT_ONCE, IMAGES_BUSY_RETRY_AFTER_SECONDS, IMAGES_WAITING, imageWorkQueue, imageWork,
} from '../../../server/admin/image-work.ts';
import type { PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { samplePhoto, startImageUploadServer, stopImageUploadServer, type ImageUploadServer } from './image-upload-server.ts';
import { upload } from './admin-helpers.ts';

let setup: ImageUploadServer;
let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
let imagesUrl: string;
let picture: Buffer;

beforeAll(async () => {
  ({ server, owner, uploads, imagesUrl } = setup = await startImageUploadServer('image-upload-limits-'));
  picture = await samplePhoto();
});
afterAll(() => stopImageUploadServer(setup));

/** A 48-megapixel phone photo's size at most: the limit itself. */
const PHONE_PHOTO_BYTES = 20 * 1024 * 1024;

/** The picture, then zeros up to `bytes` in all. */
const fileOf = (bytes: number) => ({ bytes: Buffer.concat([picture, Buffer.alloc(bytes - picture.length)]), name: 'IMG_2041.jpg', type: 'image/jpeg' });

/** A response for queue calls made outside a request: only its headers are set. */
function headersOnly(): { res: Response; headers: Map<string, string> } {
  const headers = new Map<string, string>();
  return { res: { set: (name: string, value: string) => headers.set(name, value) } as unknown as Response, headers };
}

describe('the size of an uploaded image', () => {
  it('takes a phone photo of up to 20 MB and refuses a byte more with 413 in the editor\'s words, keeping nothing of it', async () => {
    const taken = await upload(owner, imagesUrl, fileOf(PHONE_PHOTO_BYTES));
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.image).toMatchObject({ originalSize: '320x240', byteSize: PHONE_PHOTO_BYTES });
    const kept = readdirSync(uploads).sort();

    const refused = await upload(owner, imagesUrl, fileOf(MAX_IMAGE_BYTES + 1));
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ message: IMAGE_TOO_LARGE, fieldErrors: { image: IMAGE_TOO_LARGE } });
    expect(readdirSync(uploads).sort()).toEqual(kept);
  });
});

describe('uploads at the same time', () => {
  it('work on one image at a time, a few waiting their turn', async () => {
    const queue = imageWorkQueue(1, 2);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const work = (id: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      finished.push(id);
      return id;
    };
    const { res, headers } = headersOnly();
    const taken = [1, 2, 3].map((id) => queue.admit(res).run(work(id)));
    expect(() => queue.admit(res)).toThrow(expect.objectContaining({ status: 503, message: ADMIN.server.imagesBusy, extra: { fieldErrors: { image: ADMIN.server.imagesBusy } } }));
    expect(headers.get('Retry-After')).toBe(String(IMAGES_BUSY_RETRY_AFTER_SECONDS));
    expect(await Promise.all(taken)).toEqual([1, 2, 3]);
    expect(finished).toEqual([1, 2, 3]);
    expect(most).toBe(1);
    // the line has cleared: the next is taken
    expect(await queue.admit(res).run(work(5))).toBe(5);
  });

  it('refuse the upload past those waiting with 503 and Retry-After, keeping nothing, and take it once the line clears', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const { res } = headersOnly();
    const busy = Array.from({ length: IMAGES_AT_ONCE + IMAGES_WAITING }, () => imageWork.admit(res).run(() => gate));
    const before = readdirSync(uploads).sort();

    const refused = await upload(owner, imagesUrl, { bytes: picture, name: 'IMG_2042.jpg', type: 'image/jpeg' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(IMAGES_BUSY_RETRY_AFTER_SECONDS));
    expect(refused.body).toMatchObject({ message: ADMIN.server.imagesBusy, fieldErrors: { image: ADMIN.server.imagesBusy } });
    expect(readdirSync(uploads).sort()).toEqual(before);

    release();
    await Promise.all(busy);
    const taken = await upload(owner, imagesUrl, { bytes: picture, name: 'IMG_2042.jpg', type: 'image/jpeg' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});
