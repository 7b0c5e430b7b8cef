import { liveContentVersion, type ContentVersion } from './content-version.ts';
import { parseObjectColumn } from './json-column.ts';
import { forUpdate, type StoreSession } from './store.ts';
import { VersionedCache } from './versioned-cache.ts';

export interface CollectionRecord {
  id: string;
  urlId: string;
  title: string;
  typeCode: number;
  description: string;
  memberOnly: boolean;
  data: Record<string, unknown>;
}

interface CollectionRow {
  id: string;
  url_id: string;
  title: string;
  type_code: number;
  description: string;
  member_only: number;
  data_json: string;
}

function toCollection(row: CollectionRow): CollectionRecord {
  return {
    id: row.id,
    urlId: row.url_id,
    title: row.title,
    typeCode: row.type_code,
    description: row.description,
    memberOnly: row.member_only === 1,
    data: parseObjectColumn(row.data_json),
  };
}

/** The reads remembered for one store, shared by every repository built on it. */
interface SiteCaches {
  settings: VersionedCache<Record<string, unknown>>;
  collections: VersionedCache<CollectionRecord | undefined>;
  collectionList: VersionedCache<CollectionRecord[]>;
}

const cachesByStore = new WeakMap<StoreSession, SiteCaches>();

function cachesOf(session: StoreSession): SiteCaches {
  let caches = cachesByStore.get(session);
  if (!caches) {
    caches = { settings: new VersionedCache(100), collections: new VersionedCache(200), collectionList: new VersionedCache(1) };
    cachesByStore.set(session, caches);
  }
  return caches;
}

/**
 * Site-wide settings (website, websiteSettings, siteLayout) and the collections. Reads are
 * remembered (frozen, shared per store) until any write to the store's content moves the
 * content version, read through `version` (live by default: one query per lookup).
 */
export class SiteRepository {
  private readonly caches: SiteCaches;

  constructor(
    private readonly session: StoreSession,
    private readonly version: ContentVersion = liveContentVersion(session),
  ) {
    this.caches = cachesOf(session);
  }

  /** A settings object by key; an empty object when it was never stored. */
  readSetting(key: string): Promise<Record<string, unknown>> {
    return this.caches.settings.get(this.version, key, async () => {
      const row = await this.session.get<{ value_json: string }>('SELECT value_json FROM site_settings WHERE key = ?', [key]);
      return row ? parseObjectColumn(row.value_json) : {};
    });
  }

  /**
   * A settings object read for changing it: inside a transaction, the row stays locked until it
   * ends (PostgreSQL), so two processes' read-modify-writes never lose one another's change.
   */
  async readSettingForUpdate(key: string): Promise<Record<string, unknown>> {
    const row = await this.session.get<{ value_json: string }>(
      `SELECT value_json FROM site_settings WHERE key = ?${forUpdate(this.session)}`, [key],
    );
    return row ? parseObjectColumn(row.value_json) : {};
  }

  /**
   * Writes the document whole and moves its revision on: the admin's Settings screen, open
   * meanwhile, then refuses to save its older copy of website or websiteSettings over it.
   */
  async writeSetting(key: string, value: Record<string, unknown>): Promise<void> {
    await this.session.run(
      `INSERT INTO site_settings (key, value_json) VALUES (?, ?)
       ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json, revision = site_settings.revision + 1`,
      [key, JSON.stringify(value)],
    );
  }

  website(): Promise<Record<string, unknown>> {
    return this.readSetting('website');
  }

  async websiteId(): Promise<string> {
    const id = (await this.website()).id;
    return typeof id === 'string' ? id : '';
  }

  websiteSettings(): Promise<Record<string, unknown>> {
    return this.readSetting('websiteSettings');
  }

  async storeSettings(): Promise<Record<string, unknown>> {
    return storeSettingsOf(await this.websiteSettings());
  }

  /** The store currency (ISO code), USD when unset. */
  async currency(): Promise<string> {
    return currencyOf(await this.websiteSettings());
  }

  siteLayout(): Promise<Record<string, unknown>> {
    return this.readSetting('siteLayout');
  }

  collectionByUrlId(urlId: string): Promise<CollectionRecord | undefined> {
    return this.caches.collections.get(this.version, `url\u0000${urlId}`, async () => {
      const row = await this.session.get<CollectionRow>('SELECT * FROM collections WHERE url_id = ?', [urlId]);
      return row ? toCollection(row) : undefined;
    });
  }

  collectionById(id: string): Promise<CollectionRecord | undefined> {
    return this.caches.collections.get(this.version, `id\u0000${id}`, async () => {
      const row = await this.session.get<CollectionRow>('SELECT * FROM collections WHERE id = ?', [id]);
      return row ? toCollection(row) : undefined;
    });
  }

  collections(): Promise<CollectionRecord[]> {
    return this.caches.collectionList.get(this.version, 'all', async () => {
      const rows = await this.session.all<CollectionRow>('SELECT * FROM collections ORDER BY rowid');
      return rows.map(toCollection);
    });
  }
}

/** websiteSettings.storeSettings, an empty object when unset. */
export function storeSettingsOf(websiteSettings: Record<string, unknown>): Record<string, unknown> {
  const store = websiteSettings.storeSettings;
  return store !== null && typeof store === 'object' ? (store as Record<string, unknown>) : {};
}

/** The store currency (ISO code) of the website settings, USD when unset. */
export function currencyOf(websiteSettings: Record<string, unknown>): string {
  const currency = storeSettingsOf(websiteSettings).currency;
  return typeof currency === 'string' && currency.length === 3 ? currency.toUpperCase() : 'USD';
}
