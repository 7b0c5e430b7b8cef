import type Database from 'better-sqlite3';
import { parseObjectColumn } from './json-column.ts';

/** Commerce preferences per namespace and the other owner settings documents by key. */
export function createOwnerSettingsRepository(db: Database.Database) {
  const preferencesOf = db.prepare<[string], { data_json: string }>(
    'SELECT data_json FROM commerce_preferences WHERE namespace = ?',
  );
  const upsertPreferences = db.prepare(
    `INSERT INTO commerce_preferences (namespace, data_json, updated_on) VALUES (?, ?, ?)
     ON CONFLICT(namespace) DO UPDATE SET data_json = excluded.data_json, updated_on = excluded.updated_on`,
  );
  const settingOf = db.prepare<[string], { value_json: string }>('SELECT value_json FROM platform_settings WHERE key = ?');
  const upsertSetting = db.prepare(
    `INSERT INTO platform_settings (key, value_json, updated_on) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json, updated_on = excluded.updated_on`,
  );

  return {
    /** The stored preferences object, or null when the namespace was never written. */
    preferences(namespace: string): Record<string, unknown> | null {
      const row = preferencesOf.get(namespace);
      return row ? parseObjectColumn(row.data_json) : null;
    },
    savePreferences(namespace: string, data: Record<string, unknown>, now: number = Date.now()): void {
      upsertPreferences.run(namespace, JSON.stringify(data), now);
    },
    setting(key: string): Record<string, unknown> | null {
      const row = settingOf.get(key);
      return row ? parseObjectColumn(row.value_json) : null;
    },
    saveSetting(key: string, value: Record<string, unknown>, now: number = Date.now()): void {
      upsertSetting.run(key, JSON.stringify(value), now);
    },
  };
}

export type OwnerSettingsRepository = ReturnType<typeof createOwnerSettingsRepository>;
