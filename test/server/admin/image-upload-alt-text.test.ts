/**
 * The alt text sent with an image upload: its limit is in characters (500, MAX_ALT_TEXT_LENGTH),
 * whatever the script, so the multipart body reads up to 4 bytes of it per character; a longer
 * one is told so under its field, as a longer one in the product's form is, not that no image
 * was chosen.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { MAX_ALT_TEXT_LENGTH } from '../../../server/admin/product-input.ts';
import type { PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { startImageUploadServer, stopImageUploadServer, type ImageUploadServer } from './image-upload-server.ts';
import { TINY_PNG, upload } from './admin-helpers.ts';

let setup: ImageUploadServer;
let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
let imagesUrl: string;

beforeAll(async () => {
  ({ server, owner, uploads, imagesUrl } = setup = await startImageUploadServer('image-upload-alt-text-'));
});
afterAll(() => stopImageUploadServer(setup));

const png = { bytes: TINY_PNG, name: 'dot.png', type: 'image/png' };
const tooLong = { message: ADMIN.server.invalidInput, fieldErrors: { altText: 'Use at most 500 characters.' } };

describe('the alt text sent with an upload', () => {
  it('takes 500 characters of any script: Cyrillic (2 bytes each) and Chinese (3 bytes each)', async () => {
    expect(MAX_ALT_TEXT_LENGTH).toBe(500);
    for (const altText of ['Ж'.repeat(500), '漢'.repeat(500)]) {
      const taken = await upload(owner, imagesUrl, png, { altText });
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
      expect((taken.body.image as { altText: string }).altText).toBe(altText);
    }
  });

  it('refuses a longer one under its field in the words of the product form, keeping nothing', async () => {
    const before = readdirSync(uploads).sort();
    // 501 characters the body reads whole, then 2,001 bytes it stops reading: the same answer
    for (const altText of ['漢'.repeat(501), 'a'.repeat(2001), '漢'.repeat(2000)]) {
      const refused = await upload(owner, imagesUrl, png, { altText });
      expect(refused.status, altText.length.toString()).toBe(400);
      expect(refused.body, altText.length.toString()).toMatchObject(tooLong);
    }
    expect(readdirSync(uploads).sort()).toEqual(before);
  });
});
