/**
 * The start-up warning of uploaded files the store names that are not in the folder in use: a
 * server started on PostgreSQL without UPLOADS_DIR, or on a SQLite file moved without its uploads,
 * served every product image as a 404 and said nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_SAMPLE_SIZE, warnOfMissingUploads } from '../../../server/admin/missing-uploads.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop(true);
});

const imageName = (n: number): string => `${n.toString(16).padStart(24, '0')}.png`;
const storedName = (n: number): string => n.toString(16).padStart(32, '0');

async function storeWithUploads(images: number, files: number): Promise<RunningServer> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'storefront-uploads-'));
  const productFilesDir = mkdtempSync(join(tmpdir(), 'storefront-files-'));
  const server = await startServer({ uploadsDir, productFilesDir });
  servers.push(server);
  const { store } = server.app.deps;
  // the demo guide's seeded PDF is in the folder: left out, so the sample is only the files named here
  await store.run('DELETE FROM product_files');
  const products = await store.all<{ id: string }>('SELECT id FROM products ORDER BY id LIMIT ?', [files]);
  for (let n = 1; n <= images; n++) {
    await store.run('INSERT INTO product_images (id, product_id, asset_url, original_size) VALUES (?, ?, ?, ?)', [`missing-${n}`, products[0]!.id, `/uploads/${imageName(n)}`, '10x10']);
  }
  for (const [n, product] of products.entries()) {
    await store.run(
      'INSERT INTO product_files (product_id, stored_name, file_name, content_type, byte_size, sha256, uploaded_on, uploaded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [product.id, storedName(n + 1), 'guide.pdf', 'application/pdf', 1, '0'.repeat(64), 0, 'owner'],
    );
  }
  return server;
}

function warnings(): { lines: Array<[Record<string, unknown>, string]>; log: { warn: (details: object, message: string) => void } } {
  const lines: Array<[Record<string, unknown>, string]> = [];
  return { lines, log: { warn: (details, message) => lines.push([details as Record<string, unknown>, message]) } };
}

describe('uploaded files missing from the folder in use', () => {
  it('names the uploads and product-files folders and their settings when none of the sample is there', async () => {
    const server = await storeWithUploads(3, 2);
    const { lines, log } = warnings();
    await warnOfMissingUploads(server.app.deps.store, server.app.deps.options, log);
    const uploads = server.app.deps.options.uploadsDir!;
    const files = server.app.deps.options.productFilesDir!;
    expect(lines).toEqual([
      [{ folder: uploads, checked: 3, missing: 3 }, fillMessage(serverMessages.uploadsMissingLog, { folder: uploads, checked: 3, missing: 3 })],
      [{ folder: files, checked: 2, missing: 2 }, fillMessage(serverMessages.productFilesMissingLog, { folder: files, checked: 2, missing: 2 })],
    ]);
    expect(lines[0]![1]).toContain('UPLOADS_DIR');
    expect(lines[1]![1]).toContain('PRODUCT_FILES_DIR');
  });

  it('says how many of the sample are missing when some are, nothing when all are there, and looks at a bounded sample', async () => {
    const server = await storeWithUploads(UPLOAD_SAMPLE_SIZE + 5, 1);
    const uploads = server.app.deps.options.uploadsDir!;
    const files = server.app.deps.options.productFilesDir!;
    for (let n = 1; n <= UPLOAD_SAMPLE_SIZE + 5; n++) if (n % 4 !== 0) writeFileSync(join(uploads, imageName(n)), 'png');
    writeFileSync(join(files, storedName(1)), 'pdf');
    const some = warnings();
    await warnOfMissingUploads(server.app.deps.store, server.app.deps.options, some.log);
    expect(some.lines).toHaveLength(1);
    expect(some.lines[0]![0]).toMatchObject({ folder: uploads, checked: UPLOAD_SAMPLE_SIZE });
    expect(some.lines[0]![0].missing).toBeGreaterThan(0);
    expect(some.lines[0]![0].missing).toBeLessThan(UPLOAD_SAMPLE_SIZE);

    for (let n = 4; n <= UPLOAD_SAMPLE_SIZE + 5; n += 4) writeFileSync(join(uploads, imageName(n)), 'png');
    const none = warnings();
    await warnOfMissingUploads(server.app.deps.store, server.app.deps.options, none.log);
    expect(none.lines).toEqual([]);
  });
});
