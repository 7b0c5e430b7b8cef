import { liveContentVersion, type ContentVersion } from './content-version.ts';
import { parseObjectColumn } from './json-column.ts';
import type { StoreSession } from './store.ts';
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

const formCaches = new WeakMap<StoreSession, VersionedCache<Record<string, unknown> | null>>();

/**
 * Non-product content (lessons, gallery images) and the stored form definitions. Form definitions
 * are remembered (frozen, shared per store) until any write to the store's content moves the
 * content version, read through `version` (live by default: one query per lookup).
 */
export class ContentRepository {
  private readonly forms: VersionedCache<Record<string, unknown> | null>;

  constructor(
    private readonly session: StoreSession,
    private readonly version: ContentVersion = liveContentVersion(session),
  ) {
    let forms = formCaches.get(session);
    if (!forms) {
      forms = new VersionedCache(200);
      formCaches.set(session, forms);
    }
    this.forms = forms;
  }

  async itemsInCollection(collectionId: string): Promise<ContentItemRecord[]> {
    const rows = await this.session.all<ContentRow>(
      'SELECT * FROM content_items WHERE collection_id = ? ORDER BY display_order, id', [collectionId],
    );
    return rows.map(toItem);
  }

  async item(collectionId: string, urlId: string): Promise<ContentItemRecord | undefined> {
    const row = await this.session.get<ContentRow>(
      'SELECT * FROM content_items WHERE collection_id = ? AND url_id = ?', [collectionId, urlId],
    );
    return row ? toItem(row) : undefined;
  }

  form(id: string): Promise<Record<string, unknown> | null> {
    return this.forms.get(this.version, id, async () => {
      const row = await this.session.get<{ definition_json: string }>('SELECT definition_json FROM forms WHERE id = ?', [id]);
      return row ? parseObjectColumn(row.definition_json) : null;
    });
  }
}
