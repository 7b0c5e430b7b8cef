/**
 * The demo shop's seeded download: seedStore copies the guide's PDF into the product-files folder
 * and records it as an owner's upload is, once, even when two processes seed at once (the loser's
 * copy is removed, and the loser is not failed); an empty store (SEED=empty) gets no file. On the
 * engine this run uses (SQLite, or PostgreSQL with TEST_ENGINE=postgres).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { openStore } from '../../server/db/open-store.ts';
import { ProductFileRepository } from '../../server/db/product-file-repository.ts';
import { SEED_DIR, seedStore } from '../../server/db/seed.ts';
import type { Store } from '../../server/db/store.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { testDatabaseUrl } from './helpers/test-database.ts';

const guide = seededProduct('natural-dye-guide');
const PDF = readFileSync(join(SEED_DIR, 'natural-dyeing-field-guide.pdf'));
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Two stores on one new database, standing for two server processes, and a product-files folder. */
async function twoProcesses(): Promise<{ first: Store; second: Store; filesDir: string }> {
  const databasePath = temporaryDatabasePath();
  const location = { databasePath, databaseUrl: await testDatabaseUrl(databasePath) };
  const first = openStore(location).store;
  const second = openStore(location).store;
  await migrate(first);
  const filesDir = join(mkdtempSync(join(tmpdir(), 'seed-files-')), 'product-files');
  cleanups.push(async () => {
    await first.close();
    await second.close();
    rmSync(join(filesDir, '..'), { recursive: true, force: true });
    if (!location.databaseUrl) rmSync(join(databasePath, '..'), { recursive: true, force: true });
  });
  return { first, second, filesDir };
}

describe("the demo guide's seeded PDF", () => {
  it('is a small PDF of our own', () => {
    expect(PDF.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(PDF.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect(PDF.length).toBeLessThan(8 * 1024);
    // every object the cross-reference table names starts where it says
    const text = PDF.toString('latin1');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets.length).toBeGreaterThan(0);
    offsets.forEach((offset, index) => expect(text.startsWith(`${index + 1} 0 obj`, offset)).toBe(true));
    expect(text.startsWith('xref', Number(/startxref\n(\d+)/.exec(text)![1]))).toBe(true);
  });

  it('is copied and recorded once when two processes seed at once, leaving no stray copy', async () => {
    const { first, second, filesDir } = await twoProcesses();
    const now = Date.now();
    const work = [() => seedStore(first, SEED_DIR, now, 'demo', undefined, filesDir), () => seedStore(second, SEED_DIR, now, 'demo', undefined, filesDir)];
    // at once on PostgreSQL; one after the other on SQLite, whose second writer waits on the first's file lock
    const seeded = first.dialect === 'postgres' ? await Promise.all(work.map((seed) => seed())) : [await work[0]!(), await work[1]!()];
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const stored = readdirSync(filesDir);
    expect(stored).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(readFileSync(join(filesDir, stored[0]!))).toEqual(PDF);
    expect(await new ProductFileRepository(first).find(guide.id)).toEqual({
      productId: guide.id, storedName: stored[0], fileName: 'natural-dyeing-field-guide.pdf', contentType: 'application/pdf',
      byteSize: PDF.length, sha256: createHash('sha256').update(PDF).digest('hex'), uploadedOn: now, uploadedBy: 'demo shop',
    });
    const rows = await first.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM product_files');
    expect(Number(rows!.n)).toBe(1);
  });

  it('is not seeded into an empty store (SEED=empty)', async () => {
    const { first, filesDir } = await twoProcesses();
    expect(await seedStore(first, SEED_DIR, Date.now(), 'empty', undefined, filesDir)).toBe(true);
    expect(existsSync(filesDir) ? readdirSync(filesDir) : []).toEqual([]);
    const rows = await first.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM product_files');
    expect(Number(rows!.n)).toBe(0);
  });
});
