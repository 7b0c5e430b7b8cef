import { parseObjectColumn } from './json-column.ts';
import type { StoreSession } from './store.ts';

/** Commerce preferences per namespace and the other owner settings documents by key. */
export function createOwnerSettingsRepository(session: StoreSession) {
  return {
    /** The stored preferences object, or null when the namespace was never written. */
    async preferences(namespace: string): Promise<Record<string, unknown> | null> {
      const row = await session.get<{ data_json: string }>('SELECT data_json FROM commerce_preferences WHERE namespace = ?', [namespace]);
      return row ? parseObjectColumn(row.data_json) : null;
    },
    async savePreferences(namespace: string, data: Record<string, unknown>, now: number = Date.now()): Promise<void> {
      await session.run(
        `INSERT INTO commerce_preferences (namespace, data_json, updated_on) VALUES (?, ?, ?)
         ON CONFLICT(namespace) DO UPDATE SET data_json = excluded.data_json, updated_on = excluded.updated_on`,
        [namespace, JSON.stringify(data), now],
      );
    },
    async setting(key: string): Promise<Record<string, unknown> | null> {
      const row = await session.get<{ value_json: string }>('SELECT value_json FROM platform_settings WHERE key = ?', [key]);
      return row ? parseObjectColumn(row.value_json) : null;
    },
    async saveSetting(key: string, value: Record<string, unknown>, now: number = Date.now()): Promise<void> {
      await session.run(
        `INSERT INTO platform_settings (key, value_json, updated_on) VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json, updated_on = excluded.updated_on`,
        [key, JSON.stringify(value), now],
      );
    },
  };
}

export type OwnerSettingsRepository = ReturnType<typeof createOwnerSettingsRepository>;
