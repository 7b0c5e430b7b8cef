/**
 * An upload takes its place in the image line (image-work.ts, image-upload-turn.ts) before its
 * file is read: with the line full it is refused with 503 at once, before its body has arrived,
 * and an upload still being received counts as waiting, so however many arrive together, no more
 * files than the line holds are in memory. A refused, failed or abandoned upload gives its place
 * back. Bodies are sent by hand so that one can be held half-sent; every wait is bounded.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import {
  IMAGES_AT_ONCE, IMAGES_BUSY_RETRY_AFTER_SECONDS, IMAGES_WAITING, imageWork, imageWorkQueue,
} from '../../../server/admin/image-work.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
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
  ({ server, owner, uploads, imagesUrl } = setup = await startImageUploadServer('image-upload-admission-'));
  picture = await samplePhoto();
});
afterAll(() => stopImageUploadServer(setup));

/** A response for queue calls made outside a request: only its headers are set. */
const headersOnly = { set: () => undefined } as unknown as Response;

/** Rejects after `ms` with `what`, so that a wait that would last for ever fails the test instead. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Whether the process's line has no place left, asked without keeping one. */
function lineFull(): boolean {
  try {
    imageWork.admit(headersOnly).leave();
    return false;
  } catch {
    return true;
  }
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 500 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition(), what).toBe(true);
}

/** Holds `count` places in the process's line until `release` is called. */
function holdPlaces(count: number): { release: () => Promise<void> } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => { open = resolve; });
  const held = Array.from({ length: count }, () => imageWork.admit(headersOnly).run(() => gate));
  return { release: async () => { open(); await Promise.all(held); } };
}

const BOUNDARY = 'upload-admission-boundary';

/** An upload whose body is sent in two halves: the first at once, the rest when `finish` is called. */
function halfSentUpload(): { request: ClientRequest; answer: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>; finish: () => void } {
  const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const sent = request(`${server.url}${imagesUrl}`, {
    method: 'POST',
    headers: {
      cookie,
      'x-csrf-token': decodeURIComponent(owner.crumb),
      [SITE_USER_XSRF_HEADER]: owner.xsrfToken,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    sent.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', reject);
  });
  // a test that gives the upload up does not wait for its answer
  answer.catch(() => undefined);
  const half = Math.floor(picture.length / 2);
  sent.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="IMG_3001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  sent.write(picture.subarray(0, half));
  return { request: sent, answer, finish: () => sent.end(Buffer.concat([picture.subarray(half), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])) };
}

describe('the place of an upload in the image line', () => {
  it('is taken when the upload is admitted: the last place goes to one of two asking together, and a place left is free again', () => {
    const queue = imageWorkQueue(1, 1);
    const first = queue.admit(headersOnly);
    // the check and the count are one step, so two uploads asking for the last place never both get it
    const together = [1, 2].map(() => {
      try {
        return queue.admit(headersOnly);
      } catch (refusal) {
        return refusal as Error;
      }
    });
    const second = together.find((answer) => 'leave' in answer)!;
    expect(together.filter((answer) => !('leave' in answer))).toEqual([expect.objectContaining({ status: 503, message: ADMIN.server.imagesBusy })]);
    expect(() => queue.admit(headersOnly)).toThrow(expect.objectContaining({ status: 503 }));
    second.leave();
    second.leave();
    const third = queue.admit(headersOnly);
    expect(() => queue.admit(headersOnly)).toThrow(expect.objectContaining({ status: 503 }));
    first.leave();
    third.leave();
  });

  it('keeps an upload\'s place while its work runs, and frees it when the work ends', async () => {
    const queue = imageWorkQueue(1, 0);
    let open = () => {};
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const turn = queue.admit(headersOnly);
    const running = turn.run(() => gate);
    turn.leave();
    expect(() => queue.admit(headersOnly)).toThrow(expect.objectContaining({ status: 503 }));
    open();
    await running;
    queue.admit(headersOnly).leave();
  });
});

describe('an upload arriving while the line is full', () => {
  it('is refused with 503 and Retry-After before its body has been sent in full', async () => {
    const held = holdPlaces(IMAGES_AT_ONCE + IMAGES_WAITING);
    const upload = halfSentUpload();
    try {
      const answer = await within(5000, 'a 503 before the body ends', upload.answer);
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe(String(IMAGES_BUSY_RETRY_AFTER_SECONDS));
      expect(JSON.parse(answer.body)).toMatchObject({ message: ADMIN.server.imagesBusy, fieldErrors: { image: ADMIN.server.imagesBusy } });
    } finally {
      upload.request.destroy();
      await held.release();
    }
  });

  it('counts the uploads still being received as waiting, and runs one once its body is in and its turn comes', async () => {
    const held = holdPlaces(IMAGES_AT_ONCE + IMAGES_WAITING - 1);
    const receiving = halfSentUpload();
    try {
      await waitUntil(lineFull, 'the upload being received took the last place');
      const refused = await within(5000, 'the next upload answered at once', upload(owner, imagesUrl, { bytes: picture, name: 'IMG_3002.jpg', type: 'image/jpeg' }));
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ message: ADMIN.server.imagesBusy });

      receiving.finish();
      await held.release();
      const taken = await within(10_000, 'the received upload answered', receiving.answer);
      expect(taken.status, taken.body).toBe(201);
      await waitUntil(() => !lineFull(), 'the received upload gave its place back');
    } finally {
      receiving.request.destroy();
      await held.release();
    }
  });
});

describe('an upload that ends without its work', () => {
  it('gives its place back: abandoned half-sent, refused for its product or for a missing file', async () => {
    const held = holdPlaces(IMAGES_AT_ONCE + IMAGES_WAITING - 1);
    try {
      const abandoned = halfSentUpload();
      await waitUntil(lineFull, 'the half-sent upload took the last place');
      abandoned.request.destroy();
      await waitUntil(() => !lineFull(), 'the abandoned upload gave its place back');

      const unknownProduct = await upload(owner, '/api/admin/products/no-such-product/images', { bytes: picture, name: 'IMG_3003.jpg', type: 'image/jpeg' });
      expect(unknownProduct.status).toBe(404);
      await waitUntil(() => !lineFull(), 'the upload to no product gave its place back');
      const noFile = await upload(owner, imagesUrl, null, { altText: 'A jacket' });
      expect(noFile.status).toBe(400);
      await waitUntil(() => !lineFull(), 'the upload without a file gave its place back');
    } finally {
      await held.release();
    }
  });
});
