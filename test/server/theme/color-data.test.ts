import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillColorData } from '../../../server/admin/color-data-backfill.ts';
import { imageColorData } from '../../../server/admin/image-color-data.ts';
import { storeImage } from '../../../server/admin/image-upload.ts';
import { storedColorData } from '../../../server/db/color-data-column.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const HEX = /^[0-9a-f]{6}$/;
const KEYS = ['topLeftAverage', 'topRightAverage', 'bottomLeftAverage', 'bottomRightAverage', 'centerAverage', 'suggestedBgColor'];

/** A 90×90 PNG: red on its left third, blue on its right third, white between. */
async function redWhiteBlue(): Promise<Buffer> {
  const third = (r: number, g: number, b: number) => sharp({ create: { width: 30, height: 90, channels: 3, background: { r, g, b } } }).png().toBuffer();
  return sharp({ create: { width: 90, height: 90, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: await third(255, 0, 0), left: 0, top: 0 }, { input: await third(0, 0, 255), left: 60, top: 0 }])
    .png().toBuffer();
}

/** Within a few steps of each channel: shrinking blends a pixel or two across a region's edge. */
function near(actual: string, expected: string): void {
  for (let at = 0; at < 6; at += 2) expect(Math.abs(parseInt(actual.slice(at, at + 2), 16) - parseInt(expected.slice(at, at + 2), 16)), `${actual} ≈ ${expected}`).toBeLessThanOrEqual(6);
}

function isColorData(value: unknown): void {
  expect(Object.keys(value as object).sort()).toEqual([...KEYS].sort());
  for (const key of KEYS) expect((value as Record<string, string>)[key], key).toMatch(HEX);
}

describe('an image item\'s colorData, as the platform shapes it', () => {
  it('reads the corners\' and centre\'s averages and a suggested background, hex without #', async () => {
    const colors = await imageColorData(await redWhiteBlue());
    isColorData(colors);
    near(colors.topLeftAverage, 'ff0000');
    near(colors.bottomLeftAverage, 'ff0000');
    near(colors.topRightAverage, '0000ff');
    near(colors.bottomRightAverage, '0000ff');
    near(colors.centerAverage, 'ffffff');
    near(colors.suggestedBgColor, 'aa55aa');
  });

  it('is read when an image is uploaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'color-data-'));
    try {
      const stored = await storeImage(dir, await redWhiteBlue());
      near(stored.colorData.topLeftAverage, 'ff0000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('in the store', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server.stop(true);
    });

    it('gives the seeded products their colours, on the item and on each of its images', async () => {
      const shop = await (await fetch(`${server.url}/shop?format=json`)).json() as { items: { colorData: unknown; items: { colorData: unknown }[] }[] };
      expect(shop.items.length).toBeGreaterThan(0);
      for (const item of shop.items) {
        isColorData(item.colorData);
        for (const image of item.items) isColorData(image.colorData);
      }
      // read from the pictures, not the neutral grey
      expect(shop.items.some((item) => (item.colorData as Record<string, string>).suggestedBgColor !== 'e6e6e6')).toBe(true);
    });

    it('reads the colours of images stored before, in the background, and marks a missing file as read', async () => {
      const { store } = server.app.deps;
      await store.run("UPDATE product_images SET color_data = NULL");
      const [one] = await store.all<{ id: string }>('SELECT id FROM product_images ORDER BY id LIMIT 1');
      await store.run("UPDATE product_images SET asset_url = '/uploads/0123456789abcdef01234567.png' WHERE id = ?", [one!.id]);
      // one info line when it read any, with the count; none when there were none
      const logged: [unknown, string][] = [];
      const log = { info: (fields: unknown, message: string) => void logged.push([fields, message]) };
      const read = await backfillColorData(store, mkdtempSync(join(tmpdir(), 'no-uploads-')), log);
      expect(read).toBeGreaterThan(1);
      expect(logged).toEqual([[{ images: read }, `colours read for ${read} images`]]);
      const rows = await store.all<{ id: string; color_data: string | null }>('SELECT id, color_data FROM product_images');
      for (const row of rows) {
        expect(row.color_data).not.toBeNull();
        if (row.id === one!.id) expect(storedColorData(row.color_data)).toBeNull();
        else isColorData(storedColorData(row.color_data));
      }
      expect(await backfillColorData(store, '', log)).toBe(0);
      expect(logged).toHaveLength(1);
    });
  });
});
