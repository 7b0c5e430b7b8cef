import type Database from 'better-sqlite3';
import { contentVersion } from './content-version.ts';
import { parseObjectColumn } from './json-column.ts';
import { VersionedCache } from './versioned-cache.ts';

export interface ContentItemRecord {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  body: string;
  excerpt: string;
  recordType: number;
  createdOn: number;
  data: Record<string, unknown>;
}

interface ContentRow {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  body: string;
  excerpt: string;
  record_type: number;
  created_on: number;
  data_json: string;
}

function toItem(row: ContentRow): ContentItemRecord {
  return {
    id: row.id,
    collectionId: row.collection_id,
    urlId: row.url_id,
    title: row.title,
    body: row.body,
    excerpt: row.excerpt,
    recordType: row.record_type,
    createdOn: row.created_on,
    data: parseObjectColumn(row.data_json),
  };
}

/**
 * Non-product content (lessons, gallery images) and the stored form definitions. Form definitions
 * are remembered (frozen, shared) until any write to the store's content moves the content version.
 */
export class ContentRepository {
  private readonly forms: VersionedCache<Record<string, unknown> | null>;
  private readonly inCollection: Database.Statement<[string], ContentRow>;
  private readonly byUrlId: Database.Statement<[string, string], ContentRow>;
  private readonly formById: Database.Statement<[string], { definition_json: string }>;

  constructor(db: Database.Database) {
    this.inCollection = db.prepare('SELECT * FROM content_items WHERE collection_id = ? ORDER BY display_order, id');
    this.byUrlId = db.prepare('SELECT * FROM content_items WHERE collection_id = ? AND url_id = ?');
    this.formById = db.prepare('SELECT definition_json FROM forms WHERE id = ?');
    this.forms = new VersionedCache(contentVersion(db), 200);
  }

  itemsInCollection(collectionId: string): ContentItemRecord[] {
    return this.inCollection.all(collectionId).map(toItem);
  }

  item(collectionId: string, urlId: string): ContentItemRecord | undefined {
    const row = this.byUrlId.get(collectionId, urlId);
    return row ? toItem(row) : undefined;
  }

  form(id: string): Record<string, unknown> | null {
    return this.forms.get(id, () => {
      const row = this.formById.get(id);
      return row ? parseObjectColumn(row.definition_json) : null;
    });
  }
}
