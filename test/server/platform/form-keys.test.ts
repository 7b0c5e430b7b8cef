import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { SqliteStore } from '../../../server/db/sqlite-store.ts';
import { createFormSubmissionRepository } from '../../../server/db/form-submission-repository.ts';
import { tempDatabasePath } from './harness.ts';

describe('form submission keys', () => {
  const file = tempDatabasePath();
  const db = openDatabase(file.path);
  const store = new SqliteStore(db);
  beforeAll(() => migrate(store));
  afterEach(() => {
    db.prepare('DELETE FROM form_submission_keys').run();
  });
  afterAll(() => {
    db.close();
    file.remove();
  });

  const count = () => (db.prepare('SELECT count(*) AS n FROM form_submission_keys').get() as { n: number }).n;

  it('keeps at most the cap of outstanding keys, dropping the oldest', async () => {
    const forms = createFormSubmissionRepository(store);
    for (let i = 0; i < 25; i += 1) await forms.issueKey(`key-${i}`, 1000 + i, 0, 10);
    expect(count()).toBe(10);
    const kept = (db.prepare('SELECT key FROM form_submission_keys ORDER BY created_on').all() as { key: string }[]).map((row) => row.key);
    expect(kept[0]).toBe('key-15');
    expect(kept.at(-1)).toBe('key-24');
  });

  it('drops keys older than the validity window when issuing', async () => {
    const forms = createFormSubmissionRepository(store);
    await forms.issueKey('old', 100, 0);
    await forms.issueKey('new', 5000, 1000);
    expect(count()).toBe(1);
  });
});
