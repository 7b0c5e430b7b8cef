/**
 * The digest the hardening suites take before and after a refused call (helpers/database-digest.ts)
 * must see any write: a row added, a row removed, or one value of a row changed, on each engine
 * (PostgreSQL hashes the rows itself, SQLite's are hashed here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { openStore } from '../../server/db/open-store.ts';
import type { Store } from '../../server/db/store.ts';
import { databaseDigest } from './helpers/database-digest.ts';
import { freshPostgresUrl, TEST_ENGINES } from './helpers/test-database.ts';

for (const engine of TEST_ENGINES) {
  describe(`the database digest on ${engine}`, () => {
    let dir: string;
    let store: Store;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'digest-'));
      store = openStore(engine === 'postgres' ? { databasePath: '', databaseUrl: await freshPostgresUrl() } : { databasePath: join(dir, 'store.db') }).store;
      await migrate(store);
    });
    afterAll(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('is the same when nothing was written, and changes with a row added, a value changed or a row removed', async () => {
      const empty = await databaseDigest(store);
      expect(Object.keys(empty)).toContain('site_settings');
      expect(await databaseDigest(store)).toEqual(empty);

      await store.run("INSERT INTO site_settings (key, value_json) VALUES ('probe', '{\"a\":1}')");
      const added = await databaseDigest(store);
      // (a settings write also bumps content_versions, through the store's triggers)
      expect(added.site_settings).not.toBe(empty.site_settings);

      await store.run("UPDATE site_settings SET value_json = '{\"a\":2}' WHERE key = 'probe'");
      const changed = await databaseDigest(store);
      expect(changed.site_settings).not.toBe(added.site_settings);
      expect(changed.products).toBe(empty.products);

      await store.run("DELETE FROM site_settings WHERE key = 'probe'");
      expect((await databaseDigest(store)).site_settings).toBe(empty.site_settings);
    });
  });
}
