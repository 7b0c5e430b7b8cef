import type { Store } from '../db/store.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { assetColorData } from './asset-color-data.ts';

const BATCH = 50;

/**
 * Reads the colours of the product images stored before they were read on upload (migration 157),
 * after start-up and in the background, so a large shop starts as fast as before: batch after batch,
 * each written in one transaction. An image whose file is missing is marked `{}`, read as unknown
 * (the neutral grey), and not tried again. Returns how many images were read, and logs it when
 * any were (an operator sees the work happened; a start with nothing to read stays quiet).
 */
export async function backfillColorData(store: Store, uploadsDir: string, log: { info(fields: object, message: string): void }): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await store.all<{ id: string; asset_url: string }>(
      'SELECT id, asset_url FROM product_images WHERE color_data IS NULL ORDER BY id LIMIT ?', [BATCH]);
    if (rows.length === 0) {
      if (done > 0) log.info({ images: done }, fillMessage(serverMessages.colorDataBackfilledLog, { count: done }));
      return done;
    }
    // one picture decoded at a time: a phone photo takes hundreds of MB, beside the shop's own work
    const read: { id: string; colorData: unknown }[] = [];
    for (const row of rows) read.push({ id: row.id, colorData: await assetColorData(row.asset_url, uploadsDir) });
    await store.transaction(async (tx) => {
      for (const { id, colorData } of read) {
        await tx.run('UPDATE product_images SET color_data = ? WHERE id = ? AND color_data IS NULL', [JSON.stringify(colorData ?? {}), id]);
      }
    });
    done += rows.length;
  }
}
