import type Database from 'better-sqlite3';
import { contentVersion } from './content-version.ts';
import { parseObjectColumn } from './json-column.ts';
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

/**
 * Site-wide settings (website, websiteSettings, siteLayout) and the collections. Reads are
 * remembered (frozen, shared) until any write to the store's content moves the content version.
 */
export class SiteRepository {
  private readonly settings: VersionedCache<Record<string, unknown>>;
  private readonly collectionCache: VersionedCache<CollectionRecord | undefined>;
  private readonly collectionList: VersionedCache<CollectionRecord[]>;
  private readonly selectSetting: Database.Statement<[string], { value_json: string }>;
  private readonly upsertSetting: Database.Statement<[string, string]>;
  private readonly selectCollectionByUrlId: Database.Statement<[string], CollectionRow>;
  private readonly selectCollectionById: Database.Statement<[string], CollectionRow>;
  private readonly selectCollections: Database.Statement<[], CollectionRow>;

  constructor(db: Database.Database) {
    this.selectSetting = db.prepare('SELECT value_json FROM site_settings WHERE key = ?');
    this.upsertSetting = db.prepare(
      'INSERT INTO site_settings (key, value_json) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json',
    );
    this.selectCollectionByUrlId = db.prepare('SELECT * FROM collections WHERE url_id = ?');
    this.selectCollectionById = db.prepare('SELECT * FROM collections WHERE id = ?');
    this.selectCollections = db.prepare('SELECT * FROM collections ORDER BY rowid');
    const version = contentVersion(db);
    this.settings = new VersionedCache(version, 100);
    this.collectionCache = new VersionedCache(version, 200);
    this.collectionList = new VersionedCache(version, 1);
  }

  /** A settings object by key; an empty object when it was never stored. */
  readSetting(key: string): Record<string, unknown> {
    return this.settings.get(key, () => {
      const row = this.selectSetting.get(key);
      return row ? parseObjectColumn(row.value_json) : {};
    });
  }

  writeSetting(key: string, value: Record<string, unknown>): void {
    this.upsertSetting.run(key, JSON.stringify(value));
  }

  website(): Record<string, unknown> {
    return this.readSetting('website');
  }

  websiteId(): string {
    const id = this.website().id;
    return typeof id === 'string' ? id : '';
  }

  websiteSettings(): Record<string, unknown> {
    return this.readSetting('websiteSettings');
  }

  storeSettings(): Record<string, unknown> {
    const store = this.websiteSettings().storeSettings;
    return store !== null && typeof store === 'object' ? (store as Record<string, unknown>) : {};
  }

  /** The store currency (ISO code), USD when unset. */
  currency(): string {
    const currency = this.storeSettings().currency;
    return typeof currency === 'string' && currency.length === 3 ? currency.toUpperCase() : 'USD';
  }

  siteLayout(): Record<string, unknown> {
    return this.readSetting('siteLayout');
  }

  collectionByUrlId(urlId: string): CollectionRecord | undefined {
    return this.collectionCache.get(`url\u0000${urlId}`, () => {
      const row = this.selectCollectionByUrlId.get(urlId);
      return row ? toCollection(row) : undefined;
    });
  }

  collectionById(id: string): CollectionRecord | undefined {
    return this.collectionCache.get(`id\u0000${id}`, () => {
      const row = this.selectCollectionById.get(id);
      return row ? toCollection(row) : undefined;
    });
  }

  collections(): CollectionRecord[] {
    return this.collectionList.get('all', () => this.selectCollections.all().map(toCollection));
  }
}
