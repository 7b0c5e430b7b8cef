import { parseObjectColumn } from './json-column.ts';
import { forUpdate, type StoreSession } from './store.ts';

/**
 * The site settings documents the admin's settings screen edits ('website' and
 * 'websiteSettings' in site_settings). A write moves the content version, so every cached page
 * and settings copy is rebuilt on the next request.
 */
export class AdminSettingsRepository {
  constructor(private readonly session: StoreSession) {}

  async read(key: 'website' | 'websiteSettings'): Promise<Record<string, unknown>> {
    const row = await this.session.get<{ value_json: string }>('SELECT value_json FROM site_settings WHERE key = ?', [key]);
    return row ? parseObjectColumn(row.value_json) : {};
  }

  /** Reads a document locked for the rest of the transaction, so two saves do not lose each other's keys. */
  async readForUpdate(key: 'website' | 'websiteSettings'): Promise<Record<string, unknown>> {
    const row = await this.session.get<{ value_json: string }>(`SELECT value_json FROM site_settings WHERE key = ?${forUpdate(this.session)}`, [key]);
    return row ? parseObjectColumn(row.value_json) : {};
  }

  async write(key: 'website' | 'websiteSettings', value: Record<string, unknown>): Promise<void> {
    await this.session.run(
      'INSERT INTO site_settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
      [key, JSON.stringify(value)],
    );
  }
}
