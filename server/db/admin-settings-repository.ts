import { parseObjectColumn } from './json-column.ts';
import { forUpdate, type StoreSession } from './store.ts';

/** The two documents the settings screen shows and saves whole. */
export const SETTINGS_SCREEN_KEYS = ['website', 'websiteSettings'] as const;
export type SettingsScreenKey = typeof SETTINGS_SCREEN_KEYS[number];

/**
 * The site settings documents the admin's settings screen edits ('website' and
 * 'websiteSettings' in site_settings). A write moves the content version, so every cached page
 * and settings copy is rebuilt on the next request, and moves the document's revision on.
 */
export class AdminSettingsRepository {
  constructor(private readonly session: StoreSession) {}

  async read(key: SettingsScreenKey): Promise<Record<string, unknown>> {
    const row = await this.session.get<{ value_json: string }>('SELECT value_json FROM site_settings WHERE key = ?', [key]);
    return row ? parseObjectColumn(row.value_json) : {};
  }

  /** Reads a document locked for the rest of the transaction, so two saves do not lose each other's keys. */
  async readForUpdate(key: SettingsScreenKey): Promise<Record<string, unknown>> {
    const row = await this.session.get<{ value_json: string }>(`SELECT value_json FROM site_settings WHERE key = ?${forUpdate(this.session)}`, [key]);
    return row ? parseObjectColumn(row.value_json) : {};
  }

  /**
   * The screen's revision: the sum of its two documents' revisions (a document never stored counts
   * 0). Every write of either moves it on, and a save of the screen moves it by exactly 2.
   */
  async revision(): Promise<number> {
    const row = await this.session.get<{ revision: number | string | null }>(
      'SELECT SUM(revision) AS revision FROM site_settings WHERE key IN (?, ?)', [...SETTINGS_SCREEN_KEYS],
    );
    return Number(row?.revision ?? 0);
  }

  /** Writes the document whole and moves its revision on (a new one starts at 1). */
  async write(key: SettingsScreenKey, value: Record<string, unknown>): Promise<void> {
    await this.session.run(
      `INSERT INTO site_settings (key, value_json) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, revision = site_settings.revision + 1`,
      [key, JSON.stringify(value)],
    );
  }
}
