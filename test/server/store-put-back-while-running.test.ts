/**
 * A store put back from a backup while its server runs (pg_restore into the live database, against
 * the docs): its content counters go back to the backup's numbers, and later writes bring them to
 * numbers the server had kept pages of other content under. The server sees the counters go back
 * on a read begun after it read a higher number, and moves them past every number used before, so
 * nothing kept from before the put-back is served as current.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsRewind } from '../../server/db/content-version.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const mug = seededProduct('stoneware-mug');
const vase = seededProduct('bud-vase');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function storefrontVersion(): Promise<number> {
  const row = await server.app.deps.store.get<{ version: number | string }>("SELECT version FROM content_versions WHERE name = 'storefront'");
  return Number(row!.version);
}

async function page(path: string): Promise<string> {
  const answer = await new Visitor(server.url).get(path);
  return String(answer.body);
}

describe('a store put back while the server runs', () => {
  it('tells a put-back from two reads finishing out of order', () => {
    const highest = { version: 92, readAt: 1_000 };
    // begun after 92 was read, and lower: the database went back
    expect(showsRewind(highest, 87, 1_001)).toBe(true);
    // begun before 92 was read: an older read finishing late
    expect(showsRewind(highest, 91, 999)).toBe(false);
    expect(showsRewind(highest, 92, 2_000)).toBe(false);
    expect(showsRewind(undefined, 1, 2_000)).toBe(false);
  });

  it('serves the content put back, not pages kept under the numbers it reaches again', async () => {
    const { store } = server.app.deps;
    const mugPage = `/shop/p/${mug.urlId}`;
    expect(await page(mugPage)).toContain(mug.title);
    const backedUp = await storefrontVersion();
    // the owner renames the mug after the backup; its page is kept under the new numbers
    for (let i = 1; i <= 3; i++) await store.run('UPDATE products SET title = ? WHERE id = ?', [`Renamed mug ${i}`, mug.id]);
    expect(await page(mugPage)).toContain('Renamed mug 3');
    const beforePutBack = await storefrontVersion();
    // the put-back: the backup's title and the backup's counters (a restore fires no triggers)
    await store.run('UPDATE products SET title = ? WHERE id = ?', [mug.title, mug.id]);
    await store.run("UPDATE content_versions SET version = ? WHERE name IN ('storefront', 'catalogue')", [backedUp]);
    expect(await page(mugPage)).toContain(mug.title);
    expect(await storefrontVersion()).toBeGreaterThan(beforePutBack);
    // writes to another product: the mug's page is never the renamed one again
    for (let i = 1; i <= 4; i++) {
      await store.run('UPDATE products SET title = ? WHERE id = ?', [`Vase ${i}`, vase.id]);
      const served = await page(mugPage);
      expect(served).toContain(mug.title);
      expect(served).not.toContain('Renamed mug');
    }
  });
});
